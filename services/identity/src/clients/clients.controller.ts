import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import {
  ClientIdQuerySchema,
  ClientInsertSchema,
  ClientListQuerySchema,
  ClientSchema,
  ClientUpdateSchema,
  IdentityResultSchema,
  pageSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult, DeprecatedGet, Idempotent, Scopes } from '@backoffice/platform';
import { ClientsService } from './clients.service';

class ClientListQueryDto extends createZodDto(ClientListQuerySchema) {}
class ClientIdQueryDto extends createZodDto(ClientIdQuerySchema) {}
class ClientIdBodyDto extends createZodDto(ClientIdQuerySchema) {}
class ClientInsertDto extends createZodDto(ClientInsertSchema) {}
class ClientUpdateDto extends createZodDto(ClientUpdateSchema) {}

/**
 * Client accounts, on the paths the specification names (kept outside the repository; docs/product.md). Back-office
 * staff: Manager and Admin; an API client with `clients:write` (a storefront registering its customers) lists, finds
 * and creates them.
 */
@ApiController({ tag: 'clients', path: 'api/clients', roles: ['Manager'] })
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  @Scopes('clients:write')
  @ApiResult(pageSchema(ClientSchema, 'ClientPage'), { summary: 'List clients' })
  list(@Query() query: ClientListQueryDto) {
    return this.clients.list(query);
  }

  @Get('byId')
  @Scopes('clients:write')
  @ApiResult(ClientSchema, { summary: 'Get a client' })
  byId(@Query() query: ClientIdQueryDto) {
    return this.clients.byId(query.id);
  }

  @Post('insert')
  @Scopes('clients:write')
  @HttpCode(200)
  @Idempotent()
  @ApiResult(IdentityResultSchema, { summary: 'Create a client' })
  insert(@Body() body: ClientInsertDto) {
    return this.clients.insert(body);
  }

  @Post('update')
  @HttpCode(200)
  @ApiResult(IdentityResultSchema, { summary: 'Update a client' })
  update(@Body() body: ClientUpdateDto) {
    return this.clients.update(body);
  }

  /** The specification's delete, a GET: kept for its clients; new clients POST to the same path. */
  @Get('delete')
  @ApiResult(IdentityResultSchema, { summary: 'Delete a client (GET, deprecated)' })
  @DeprecatedGet('/api/clients/delete with {id}')
  deleteByGet(@Query() query: ClientIdQueryDto) {
    return this.clients.delete(query.id);
  }

  @Post('delete')
  @HttpCode(200)
  @ApiResult(IdentityResultSchema, { summary: 'Delete a client' })
  delete(@Body() body: ClientIdBodyDto) {
    return this.clients.delete(body.id);
  }
}
