import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { IntIdSchema, ServiceInputSchema, ServiceListQuerySchema, ServiceSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Scopes } from '@backoffice/platform';
import { ServicesService } from './services.service';

class ServiceInputDto extends createZodDto(ServiceInputSchema) {}
class ServiceListQuery extends createZodDto(ServiceListQuerySchema) {}
class ServiceIdParams extends createZodDto(z.object({ id: IntIdSchema })) {}

/** Services of the catalogue (docs/architecture.md); every change is published on catalogue.service.v1. */
@ApiController({ tag: 'services', path: 'api/services', roles: ['Manager'] })
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  @Get()
  @Scopes('catalogue:read')
  @ApiResult(z.array(ServiceSchema), { summary: 'List catalogue services' })
  list(@Query() query: ServiceListQuery) {
    return this.services.list(query.categoryId);
  }

  @Get(':id')
  @Scopes('catalogue:read')
  @ApiResult(ServiceSchema, { summary: 'Get a catalogue service' })
  get(@Param() params: ServiceIdParams) {
    return this.services.get(params.id);
  }

  @Post()
  @HttpCode(201)
  @ApiResult(ServiceSchema, { summary: 'Create a catalogue service' })
  create(@Body() body: ServiceInputDto) {
    return this.services.create(body);
  }

  @Put(':id')
  @ApiResult(ServiceSchema, { summary: 'Update a catalogue service' })
  update(@Param() params: ServiceIdParams, @Body() body: ServiceInputDto) {
    return this.services.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Delete a catalogue service' })
  async remove(@Param() params: ServiceIdParams) {
    await this.services.remove(params.id);
  }
}
