import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { StateInputSchema, StateSchema } from '@backoffice/contracts';
import { ApiResult, Roles, Scopes } from '@backoffice/platform';
import { CountryIdParams, IdParams } from '../shared/id-params';
import { StatesService } from './states.service';

class StateBody extends createZodDto(StateInputSchema) {}

@ApiTags('geography')
@Roles('Manager')
@Controller('api/states')
export class StatesController {
  constructor(private readonly states: StatesService) {}

  @Get('country/:countryId')
  @Scopes('geography:read')
  @ApiResult(z.array(StateSchema), { summary: 'List the states of a country' })
  listByCountry(@Param() params: CountryIdParams) {
    return this.states.listByCountry(params.countryId);
  }

  @Get(':id')
  @Scopes('geography:read')
  @ApiResult(StateSchema, { summary: 'Get a state' })
  get(@Param() params: IdParams) {
    return this.states.get(params.id);
  }

  @Post()
  @ApiResult(StateSchema, { status: 201, summary: 'Create a state' })
  create(@Body() body: StateBody) {
    return this.states.create(body);
  }

  @Put(':id')
  @ApiResult(StateSchema, { summary: 'Update a state' })
  update(@Param() params: IdParams, @Body() body: StateBody) {
    return this.states.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { status: 204, summary: 'Delete a state' })
  remove(@Param() params: IdParams) {
    return this.states.remove(params.id);
  }
}
