import { Get, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { CatalogueServiceViewSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Roles } from '@backoffice/platform';
import { CatalogueReadModel } from './catalogue-read-model.service';
import { CatalogueReadModelRebuild } from './catalogue-read-model.rebuild';

/** The orders service's copy of the catalogue (what order intake prices with), and its rebuild from the topic. */
@ApiController({ tag: 'orders', path: 'api/orders/read-models/catalogue' })
export class CatalogueReadModelController {
  constructor(
    private readonly readModel: CatalogueReadModel,
    private readonly rebuilder: CatalogueReadModelRebuild,
  ) {}

  @Get()
  @Roles('Manager')
  @ApiResult(z.array(CatalogueServiceViewSchema), { summary: "List the orders service's copy of the catalogue" })
  list() {
    return this.readModel.list();
  }

  /** Re-reads catalogue.service.v1 from its start and reconciles the table → {messages, services, ms}. */
  @Post('rebuild')
  @HttpCode(200)
  @Roles('Admin')
  @ApiResult(z.object({ messages: z.number().int(), services: z.number().int(), ms: z.number() }), {
    summary: 'Rebuild the catalogue copy from its topic',
  })
  rebuild() {
    return this.rebuilder.rebuild();
  }
}
