import { Module } from '@nestjs/common';
import { CountriesController } from './countries.controller';
import { CountryCatalog } from './country-catalog';

/** The countries a branch can be in (with their time zones). */
@Module({ controllers: [CountriesController], providers: [CountryCatalog], exports: [CountryCatalog] })
export class CountriesModule {}
