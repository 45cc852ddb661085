import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CityInputSchema } from '@backoffice/contracts';
import { Roles, Scopes } from '@backoffice/platform';
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
  listByState(@Param() params: StateIdParams) {
    return this.cities.listByState(params.stateId);
  }

  @Get(':id')
  @Scopes('geography:read')
  get(@Param() params: IdParams) {
    return this.cities.get(params.id);
  }

  @Post()
  create(@Body() body: CityBody) {
    return this.cities.create(body);
  }

  @Put(':id')
  update(@Param() params: IdParams, @Body() body: CityBody) {
    return this.cities.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() params: IdParams) {
    return this.cities.remove(params.id);
  }
}
