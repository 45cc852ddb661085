import { Get, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { GeographyLookupQuerySchema } from '@backoffice/contracts';
import { InternalController } from '@backoffice/platform';
import { LookupService } from './lookup.service';

class LookupQuery extends createZodDto(GeographyLookupQuerySchema) {}

/**
 * The tax and shipping lookup for the other services on the internal network (orders prices an order with it,
 * whoever placed the order). Not under /api: the gateway never routes it, so no caller from outside reaches it;
 * outside callers have GET /api/geography/lookup, which wants a credential like every /api route.
 */
@InternalController('internal/geography')
export class InternalLookupController {
  constructor(private readonly lookups: LookupService) {}

  @Get('lookup')
  lookup(@Query() query: LookupQuery) {
    return this.lookups.lookup(query);
  }
}
