import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import {
  CatalogueIdBodySchema,
  CatalogueIdQuerySchema,
  ServiceFileInputSchema,
  ServiceFileSchema,
  ServiceFilesOfServiceSchema,
  ServiceFileUpdateSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult, DeprecatedGet } from '@backoffice/platform';
import { ServiceFilesService } from './service-files.service';

class ServiceFileInputDto extends createZodDto(ServiceFileInputSchema) {}
class ServiceFileUpdateDto extends createZodDto(ServiceFileUpdateSchema) {}
class ServiceFilesOfServiceDto extends createZodDto(ServiceFilesOfServiceSchema) {}
class IdQuery extends createZodDto(CatalogueIdQuerySchema) {}
class IdBody extends createZodDto(CatalogueIdBodySchema) {}

/** Required-file definitions, at exactly the paths the specification names (kept outside the repository; docs/product.md). */
@ApiController({ tag: 'service files', path: 'api/service-files', roles: ['Manager'] })
export class ServiceFilesController {
  constructor(private readonly serviceFiles: ServiceFilesService) {}

  @Get()
  @ApiResult(z.array(ServiceFileSchema), { summary: 'List required-file definitions' })
  list() {
    return this.serviceFiles.list();
  }

  @Post()
  @HttpCode(200)
  @ApiResult(z.array(ServiceFileSchema), { summary: 'List the required files of a catalogue service' })
  forService(@Body() body: ServiceFilesOfServiceDto) {
    return this.serviceFiles.forService(body.serviceId);
  }

  @Get('byId')
  @ApiResult(ServiceFileSchema, { summary: 'Get a required-file definition' })
  get(@Query() query: IdQuery) {
    return this.serviceFiles.get(query.id);
  }

  /** The specification's delete, a GET: kept for its clients; new clients POST to the same path. */
  @Get('delete')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Delete a required-file definition (GET, deprecated)' })
  @DeprecatedGet('/api/service-files/delete with {id}')
  async removeByGet(@Query() query: IdQuery) {
    await this.serviceFiles.remove(query.id);
  }

  @Post('delete')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Delete a required-file definition' })
  async remove(@Body() body: IdBody) {
    await this.serviceFiles.remove(body.id);
  }

  @Post('insert')
  @HttpCode(201)
  @ApiResult(ServiceFileSchema, { summary: 'Create a required-file definition' })
  insert(@Body() body: ServiceFileInputDto) {
    return this.serviceFiles.insert(body);
  }

  @Post('update')
  @HttpCode(200)
  @ApiResult(ServiceFileSchema, { summary: 'Update a required-file definition' })
  update(@Body() body: ServiceFileUpdateDto) {
    return this.serviceFiles.update(body);
  }
}
