import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { CreateApiClientSchema, RotateApiClientSecretSchema } from '@backoffice/contracts';
import { CurrentUser, type CurrentUserData, Roles } from '@backoffice/platform';
import { ApiClientsService } from './api-clients.service';

class CreateApiClientDto extends createZodDto(CreateApiClientSchema) {}
class RotateApiClientSecretDto extends createZodDto(RotateApiClientSecretSchema) {}
class ApiClientIdParams extends createZodDto(z.object({ id: z.uuid('The API client id must be a UUID.') })) {}

/** API clients (other systems calling the API): the Admin's. A secret is answered once, when made. */
@ApiTags('identity')
@Roles('Admin')
@Controller('api/identity/api-clients')
export class ApiClientsController {
  constructor(private readonly clients: ApiClientsService) {}

  /** Every API client, newest first. */
  @Get()
  list() {
    return this.clients.list();
  }

  @Get(':id')
  get(@Param() params: ApiClientIdParams) {
    return this.clients.get(params.id);
  }

  /** A new client and its secret, shown this once. */
  @Post()
  create(@Body() body: CreateApiClientDto, @CurrentUser() admin: CurrentUserData) {
    return this.clients.create(body, admin.id);
  }

  /** A new secret, shown this once; the old one keeps working for `overlapSeconds`. */
  @Post(':id/rotate')
  @HttpCode(200)
  rotate(@Param() params: ApiClientIdParams, @Body() body: RotateApiClientSecretDto, @CurrentUser() admin: CurrentUserData) {
    return this.clients.rotate(params.id, body, admin.id);
  }

  /** Revoked at once: its tokens are refused from now on. */
  @Post(':id/revoke')
  @HttpCode(200)
  revoke(@Param() params: ApiClientIdParams, @CurrentUser() admin: CurrentUserData) {
    return this.clients.revoke(params.id, admin.id);
  }
}
