import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CountryInputSchema } from '@backoffice/contracts';
import { Roles, Scopes } from '@backoffice/platform';
import { IdParams } from '../shared/id-params';
import { CountriesService } from './countries.service';

class CountryBody extends createZodDto(CountryInputSchema) {}

@ApiTags('geography')
@Roles('Manager')
@Controller('api/countries')
export class CountriesController {
  constructor(private readonly countries: CountriesService) {}

  /** Already serialized (from the service's shared cache). */
  @Get()
  @Scopes('geography:read')
  @Header('content-type', 'application/json; charset=utf-8')
  list(): Promise<Buffer> {
    return this.countries.listAsJson();
  }

  @Get(':id')
  @Scopes('geography:read')
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
