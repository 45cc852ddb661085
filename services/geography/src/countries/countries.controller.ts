import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CountryInputSchema } from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { IdParams } from '../shared/id-params';
import { CountriesService } from './countries.service';

class CountryBody extends createZodDto(CountryInputSchema) {}

@ApiTags('geography')
@Roles('Manager')
@Controller('api/countries')
export class CountriesController {
  constructor(private readonly countries: CountriesService) {}

  @Get()
  list() {
    return this.countries.list();
  }

  @Get(':id')
  get(@Param() params: IdParams) {
    return this.countries.get(params.id);
  }

  @Post()
  create(@Body() body: CountryBody) {
    return this.countries.create(body);
  }

  @Put(':id')
  update(@Param() params: IdParams, @Body() body: CountryBody) {
    return this.countries.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() params: IdParams) {
    return this.countries.remove(params.id);
  }
}
