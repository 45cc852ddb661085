import { Body, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { CountryInputSchema, CountrySchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Scopes } from '@backoffice/platform';
import { IdParams } from '../regions/id.params';
import { CountriesService } from './countries.service';

class CountryBody extends createZodDto(CountryInputSchema) {}

@ApiController({ tag: 'geography', path: 'api/countries', roles: ['Manager'] })
export class CountriesController {
  constructor(private readonly countries: CountriesService) {}

  /** Already serialized (from the service's shared cache). */
  @Get()
  @Scopes('geography:read')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiResult(z.array(CountrySchema), { summary: 'List countries' })
  list(): Promise<string> {
    return this.countries.listAsJson();
  }

  @Get(':id')
  @Scopes('geography:read')
  @ApiResult(CountrySchema, { summary: 'Get a country' })
  get(@Param() params: IdParams) {
    return this.countries.get(params.id);
  }

  @Post()
  @ApiResult(CountrySchema, { status: 201, summary: 'Create a country' })
  create(@Body() body: CountryBody) {
    return this.countries.create(body);
  }

  @Put(':id')
  @ApiResult(CountrySchema, { summary: 'Update a country' })
  update(@Param() params: IdParams, @Body() body: CountryBody) {
    return this.countries.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { status: 204, summary: 'Delete a country' })
  remove(@Param() params: IdParams) {
    return this.countries.remove(params.id);
  }
}
