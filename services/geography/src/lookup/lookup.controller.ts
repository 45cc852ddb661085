import { Get, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { GeographyLookupQuerySchema, GeographyLookupResultSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Public } from '@backoffice/platform';
import { LookupService } from './lookup.service';

class LookupQuery extends createZodDto(GeographyLookupQuerySchema) {}

@ApiController({ tag: 'geography', path: 'api/geography' })
export class LookupController {
  constructor(private readonly lookups: LookupService) {}

  /**
   * Tax rate and shipping fee for an address. Open without a token inside the network: other services
   * (orders) call it on their own behalf; the gateway still limits outside callers to staff.
   */
  @Public()
  @Get('lookup')
  @ApiResult(GeographyLookupResultSchema, { summary: 'Look up the tax rate and shipping fee of an address' })
  lookup(@Query() query: LookupQuery) {
    return this.lookups.lookup(query);
  }
}
