import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { BoroughInputSchema } from '@backoffice/contracts';
import { Roles, Scopes } from '@backoffice/platform';
import { CityIdParams, IdParams } from '../shared/id-params';
import { BoroughsService } from './boroughs.service';

class BoroughBody extends createZodDto(BoroughInputSchema) {}

@ApiTags('geography')
@Roles('Manager')
@Controller('api/boroughs')
export class BoroughsController {
  constructor(private readonly boroughs: BoroughsService) {}

  @Get('city/:cityId')
  @Scopes('geography:read')
  listByCity(@Param() params: CityIdParams) {
    return this.boroughs.listByCity(params.cityId);
  }

  @Get(':id')
  @Scopes('geography:read')
  get(@Param() params: IdParams) {
    return this.boroughs.get(params.id);
  }

  @Post()
  create(@Body() body: BoroughBody) {
    return this.boroughs.create(body);
  }

  @Put(':id')
  update(@Param() params: IdParams, @Body() body: BoroughBody) {
    return this.boroughs.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() params: IdParams) {
    return this.boroughs.remove(params.id);
  }
}
