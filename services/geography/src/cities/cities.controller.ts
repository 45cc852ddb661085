import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CityInputSchema, CitySchema } from '@backoffice/contracts';
import { ApiResult, Roles, Scopes } from '@backoffice/platform';
import { IdParams, StateIdParams } from '../shared/id-params';
import { CitiesService } from './cities.service';

class CityBody extends createZodDto(CityInputSchema) {}

@ApiTags('geography')
@Roles('Manager')
@Controller('api/cities')
export class CitiesController {
  constructor(private readonly cities: CitiesService) {}

  @Get('state/:stateId')
  @Scopes('geography:read')
  @ApiResult(z.array(CitySchema), { summary: 'List the cities of a state' })
  listByState(@Param() params: StateIdParams) {
    return this.cities.listByState(params.stateId);
  }

  @Get(':id')
  @Scopes('geography:read')
  @ApiResult(CitySchema, { summary: 'Get a city' })
  get(@Param() params: IdParams) {
    return this.cities.get(params.id);
  }

  @Post()
  @ApiResult(CitySchema, { status: 201, summary: 'Create a city' })
  create(@Body() body: CityBody) {
    return this.cities.create(body);
  }

  @Put(':id')
  @ApiResult(CitySchema, { summary: 'Update a city' })
  update(@Param() params: IdParams, @Body() body: CityBody) {
    return this.cities.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { status: 204, summary: 'Delete a city' })
  remove(@Param() params: IdParams) {
    return this.cities.remove(params.id);
  }
}
