import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { StateInputSchema } from '@backoffice/contracts';
import { Roles, Scopes } from '@backoffice/platform';
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
  listByCountry(@Param() params: CountryIdParams) {
    return this.states.listByCountry(params.countryId);
  }

  @Get(':id')
  @Scopes('geography:read')
  get(@Param() params: IdParams) {
    return this.states.get(params.id);
  }

  @Post()
  create(@Body() body: StateBody) {
    return this.states.create(body);
  }

  @Put(':id')
  update(@Param() params: IdParams, @Body() body: StateBody) {
    return this.states.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() params: IdParams) {
    return this.states.remove(params.id);
  }
}
