import { applyDecorators, Controller } from '@nestjs/common';
import { ApiExcludeController, ApiTags } from '@nestjs/swagger';
import type { ApiScope, Role } from '@backoffice/contracts';
import { Public, Roles, Scopes } from '../auth/decorators';

export interface ApiControllerOptions {
  /** The OpenAPI tag its operations are grouped under. */
  tag: string;
  /** The path its routes are under (none: each route names its whole path). */
  path?: string;
  /** Who may call its routes (without: any signed-in staff user; Admin always may); the gateway's route table is generated from it. */
  roles?: Role[];
  /** API-client scopes that may call its routes too. */
  scopes?: ApiScope[];
}

/**
 * A controller of the API: its OpenAPI tag, its path, and its roles and scopes (from which the gateway's route table is generated), in one
 * decorator instead of @ApiTags, @Roles, @Scopes and @Controller. A route may still narrow them with its own.
 */
export const ApiController = ({ tag, path, roles, scopes }: ApiControllerOptions) =>
  applyDecorators(
    ApiTags(tag),
    ...(roles ? [Roles(...roles)] : []),
    ...(scopes ? [Scopes(...scopes)] : []),
    path === undefined ? Controller() : Controller(path),
  );

/**
 * A controller for the other services only (docs/conventions.md, API): under `internal/...`, which the gateway never
 * routes, open without a token on the internal network, and left out of the API docs.
 */
export const InternalController = (path: `internal/${string}`) => applyDecorators(ApiExcludeController(), Public(), Controller(path));
