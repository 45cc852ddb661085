import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { AreaInputSchema, AreaSchema } from '@backoffice/contracts';
import { ApiResult, Roles, Scopes } from '@backoffice/platform';
import { BoroughIdParams, IdParams } from '../shared/id-params';
import { AreasService } from './areas.service';

class AreaBody extends createZodDto(AreaInputSchema) {}

@ApiTags('geography')
@Roles('Manager')
@Controller('api/areas')
export class AreasController {
  constructor(private readonly areas: AreasService) {}

  @Get('borough/:boroughId')
  @Scopes('geography:read')
  @ApiResult(z.array(AreaSchema), { summary: 'List the areas of a borough' })
  listByBorough(@Param() params: BoroughIdParams) {
    return this.areas.listByBorough(params.boroughId);
  }

  @Get(':id')
  @Scopes('geography:read')
  @ApiResult(AreaSchema, { summary: 'Get a area' })
  get(@Param() params: IdParams) {
    return this.areas.get(params.id);
  }

  @Post()
  @ApiResult(AreaSchema, { status: 201, summary: 'Create a area' })
  create(@Body() body: AreaBody) {
    return this.areas.create(body);
  }

  @Put(':id')
  @ApiResult(AreaSchema, { summary: 'Update a area' })
  update(@Param() params: IdParams, @Body() body: AreaBody) {
    return this.areas.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { status: 204, summary: 'Delete a area' })
  remove(@Param() params: IdParams) {
    return this.areas.remove(params.id);
  }
}
