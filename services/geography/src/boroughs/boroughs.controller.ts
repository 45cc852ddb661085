import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { BoroughInputSchema, BoroughSchema } from '@backoffice/contracts';
import { ApiResult, Roles, Scopes } from '@backoffice/platform';
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
  @ApiResult(z.array(BoroughSchema), { summary: 'List the boroughs of a city' })
  listByCity(@Param() params: CityIdParams) {
    return this.boroughs.listByCity(params.cityId);
  }

  @Get(':id')
  @Scopes('geography:read')
  @ApiResult(BoroughSchema, { summary: 'Get a borough' })
  get(@Param() params: IdParams) {
    return this.boroughs.get(params.id);
  }

  @Post()
  @ApiResult(BoroughSchema, { status: 201, summary: 'Create a borough' })
  create(@Body() body: BoroughBody) {
    return this.boroughs.create(body);
  }

  @Put(':id')
  @ApiResult(BoroughSchema, { summary: 'Update a borough' })
  update(@Param() params: IdParams, @Body() body: BoroughBody) {
    return this.boroughs.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { status: 204, summary: 'Delete a borough' })
  remove(@Param() params: IdParams) {
    return this.boroughs.remove(params.id);
  }
}
