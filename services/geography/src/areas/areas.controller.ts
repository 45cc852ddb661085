import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { AreaInputSchema } from '@backoffice/contracts';
import { Roles, Scopes } from '@backoffice/platform';
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
  listByBorough(@Param() params: BoroughIdParams) {
    return this.areas.listByBorough(params.boroughId);
  }

  @Get(':id')
  @Scopes('geography:read')
  get(@Param() params: IdParams) {
    return this.areas.get(params.id);
  }

  @Post()
  create(@Body() body: AreaBody) {
    return this.areas.create(body);
  }

  @Put(':id')
  update(@Param() params: IdParams, @Body() body: AreaBody) {
    return this.areas.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() params: IdParams) {
    return this.areas.remove(params.id);
  }
}
