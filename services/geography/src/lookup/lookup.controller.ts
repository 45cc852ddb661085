import { Get, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { GeographyLookupQuerySchema, GeographyLookupResultSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Scopes } from '@backoffice/platform';
import { LookupService } from './lookup.service';

class LookupQuery extends createZodDto(GeographyLookupQuerySchema) {}

@ApiController({ tag: 'geography', path: 'api/geography', roles: ['Manager'] })
export class LookupController {
  constructor(private readonly lookups: LookupService) {}

  /**
   * Tax rate and shipping fee for an address: staff, or an API client with `geography:read`, as through the gateway.
   * Other services (orders) call the same lookup on their own behalf at `/internal/geography/lookup`.
   */
  @Get('lookup')
  @Scopes('geography:read')
  @ApiResult(GeographyLookupResultSchema, { summary: 'Look up the tax rate and shipping fee of an address' })
  lookup(@Query() query: LookupQuery) {
    return this.lookups.lookup(query);
  }
}
