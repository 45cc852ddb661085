import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  CatalogueIdQuerySchema,
  ServiceFileInputSchema,
  ServiceFilesOfServiceSchema,
  ServiceFileUpdateSchema,
} from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { ServiceFilesService } from './service-files.service';

class ServiceFileInputDto extends createZodDto(ServiceFileInputSchema) {}
class ServiceFileUpdateDto extends createZodDto(ServiceFileUpdateSchema) {}
class ServiceFilesOfServiceDto extends createZodDto(ServiceFilesOfServiceSchema) {}
class IdQuery extends createZodDto(CatalogueIdQuerySchema) {}

/** Required-file definitions, with the paths of spec section 7 exactly. */
@ApiTags('service files')
@Roles('Manager')
@Controller('api/service-files')
export class ServiceFilesController {
  constructor(private readonly serviceFiles: ServiceFilesService) {}

  @Get()
  list() {
    return this.serviceFiles.list();
  }

  @Post()
  @HttpCode(200)
  forService(@Body() body: ServiceFilesOfServiceDto) {
    return this.serviceFiles.forService(body.serviceId);
  }

  @Get('byId')
  get(@Query() query: IdQuery) {
    return this.serviceFiles.get(query.id);
  }

  @Get('delete')
  @HttpCode(204)
  async remove(@Query() query: IdQuery) {
    await this.serviceFiles.remove(query.id);
  }

  @Post('insert')
  @HttpCode(201)
  insert(@Body() body: ServiceFileInputDto) {
    return this.serviceFiles.insert(body);
  }

  @Post('update')
  @HttpCode(200)
  update(@Body() body: ServiceFileUpdateDto) {
    return this.serviceFiles.update(body);
  }
}
