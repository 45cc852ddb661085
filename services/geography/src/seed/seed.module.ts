import { Module } from '@nestjs/common';
import { CountriesModule } from '../countries/countries.module';
import { LevelsModule } from '../levels/levels.module';
import { GeographyDemoSeed } from './geography-demo.seed';

/** Demo data for `npm start` (SEED_DEMO_DATA). */
@Module({ imports: [CountriesModule, LevelsModule], providers: [GeographyDemoSeed] })
export class SeedModule {}
