import { Module } from '@nestjs/common';
import { CountriesModule } from './countries/countries.module';
import { geographyPlatform } from './geography.platform';
import { LevelsModule } from './levels/levels.module';
import { LookupModule } from './lookup/lookup.module';
import { SeedModule } from './seed/seed.module';

/** The geography service: one module per feature. */
@Module({ imports: [geographyPlatform(), CountriesModule, LevelsModule, LookupModule, SeedModule] })
export class AppModule {}
