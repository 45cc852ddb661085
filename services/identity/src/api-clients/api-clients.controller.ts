import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ApiClientSchema, ApiClientWithSecretSchema, CreateApiClientSchema, RotateApiClientSecretSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData } from '@backoffice/platform';
import { ApiClientsService } from './api-clients.service';

class CreateApiClientDto extends createZodDto(CreateApiClientSchema) {}
class RotateApiClientSecretDto extends createZodDto(RotateApiClientSecretSchema) {}
class ApiClientIdParams extends createZodDto(z.object({ id: z.uuid('The API client id must be a UUID.') })) {}

/** API clients (other systems calling the API): the Admin's. A secret is answered once, when made. */
@ApiController({ tag: 'identity', path: 'api/identity/api-clients', roles: ['Admin'] })
export class ApiClientsController {
  constructor(private readonly clients: ApiClientsService) {}

  /** Every API client, newest first. */
  @Get()
  @ApiResult(z.array(ApiClientSchema), { summary: 'List API clients' })
  list() {
    return this.clients.list();
  }

  @Get(':id')
  @ApiResult(ApiClientSchema, { summary: 'Get an API client' })
  get(@Param() params: ApiClientIdParams) {
    return this.clients.get(params.id);
  }

  /** A new client and its secret, shown this once. */
  @Post()
  @ApiResult(ApiClientWithSecretSchema, {
    status: 201,
    summary: 'Create an API client',
    description: 'The client, with its secret: shown this once.',
  })
  create(@Body() body: CreateApiClientDto, @CurrentUser() admin: CurrentUserData) {
    return this.clients.create(body, admin.id);
  }

  /** A new secret, shown this once; the old one keeps working for `overlapSeconds`. */
  @Post(':id/rotate')
  @HttpCode(200)
  @ApiResult(ApiClientWithSecretSchema, {
    summary: "Rotate an API client's secret",
    description: 'The client with its new secret (shown this once); the old one stays valid for the overlap asked for.',
  })
  rotate(@Param() params: ApiClientIdParams, @Body() body: RotateApiClientSecretDto, @CurrentUser() admin: CurrentUserData) {
    return this.clients.rotate(params.id, body, admin.id);
  }

  /** Revoked at once: its tokens are refused from now on. */
  @Post(':id/revoke')
  @HttpCode(200)
  @ApiResult(ApiClientSchema, { summary: 'Revoke an API client' })
  revoke(@Param() params: ApiClientIdParams, @CurrentUser() admin: CurrentUserData) {
    return this.clients.revoke(params.id, admin.id);
  }
}
