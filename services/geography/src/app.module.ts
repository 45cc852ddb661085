import { Module } from '@nestjs/common';
import { CountriesModule } from './countries/countries.module';
import { DemoModule } from './demo/demo.module';
import { geographyPlatform } from './geography.platform';
import { LevelsModule } from './levels/levels.module';
import { LookupModule } from './lookup/lookup.module';

/** The geography service: one module per feature. */
@Module({ imports: [geographyPlatform(), CountriesModule, LevelsModule, LookupModule, DemoModule] })
export class AppModule {}
