import { Body, Logger, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientCredentialsRequestSchema, ClientCredentialsResponseSchema, OAuthErrorSchema, ProblemSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Public, type ProblemShape } from '@backoffice/platform';
import { LoginThrottle } from '../auth/login-throttle';
import { ApiClientsService, OAuthRefusal } from './api-clients.service';

const STATUS: Record<OAuthRefusal['error'], number> = {
  invalid_request: 400,
  invalid_client: 401,
  unsupported_grant_type: 400,
  invalid_scope: 400,
};

/**
 * A body the platform refuses before the endpoint sees it (empty, not JSON, not UTF-8, nested too deep) is RFC 6749's
 * invalid_request too; other refusals (too large, too many attempts) stay problem documents.
 */
const OAUTH_PROBLEMS: ProblemShape = {
  contentType: 'application/json; charset=utf-8',
  body: (problem) => (problem.status === 400 ? { error: 'invalid_request', error_description: problem.detail } : undefined),
};

/** HTTP Basic credentials (RFC 6749 §2.3.1: each part form-urlencoded before encoding), or undefined. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined | 'malformed' {
  if (!header || !/^basic\s/i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const unescape = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/**
 * The OAuth 2.0 token endpoint, client-credentials grant only (RFC 6749 §4.4). Answers and errors are
 * RFC 6749's own shapes (§5.1, §5.2), not problem documents, so any OAuth client library understands them.
 * Throttled like sign-ins (per client and address), and every answer is logged.
 */
@ApiController({ tag: 'auth', path: 'api/auth' })
export class TokenController {
  private readonly logger = new Logger('ClientCredentials');

  constructor(
    private readonly clients: ApiClientsService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Public()
  @Post('token')
  @RouteConfig({ problemShape: OAUTH_PROBLEMS })
  @ApiResult(ClientCredentialsResponseSchema, {
    status: 200,
    summary: 'Get an access token with client credentials (OAuth 2.0)',
    description: 'An access token for the API client (RFC 6749 §5.1). The client id and secret go in HTTP Basic or in the body.',
    requestBody: { schema: ClientCredentialsRequestSchema, contentTypes: ['application/x-www-form-urlencoded', 'application/json'] },
    errors: {
      400: { description: 'invalid_request, unsupported_grant_type or invalid_scope (RFC 6749 §5.2).', schema: OAuthErrorSchema },
      401: {
        description: 'invalid_client: unknown, revoked or expired client, or a wrong secret (RFC 6749 §5.2).',
        schema: OAuthErrorSchema,
      },
      429: {
        description: 'Too many failed attempts from this client or address; try again later.',
        schema: ProblemSchema,
        contentType: 'application/problem+json',
      },
    },
  })
  async token(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const basic = basicCredentials(request.headers.authorization);
    let clientId: string | undefined;
    try {
      const parsed = ClientCredentialsRequestSchema.safeParse(body ?? {});
      if (!parsed.success) throw new OAuthRefusal('invalid_request', 'The request body must be an object of string parameters.');
      const input = parsed.data;
      if (basic === 'malformed') throw new OAuthRefusal('invalid_client', 'The Basic credentials are malformed.');
      if (basic && (input.client_id !== undefined || input.client_secret !== undefined)) {
        throw new OAuthRefusal('invalid_request', 'Send the client credentials in the Authorization header or in the body, not both.');
      }
      if (!input.grant_type) throw new OAuthRefusal('invalid_request', 'The grant_type parameter is required.');
      if (input.grant_type !== 'client_credentials') {
        throw new OAuthRefusal('unsupported_grant_type', 'Only the client_credentials grant is supported.');
      }
      clientId = basic ? basic.id : input.client_id;
      const secret = basic ? basic.secret : input.client_secret;
      if (!clientId || !secret)
        throw new OAuthRefusal('invalid_client', 'Client authentication failed: client_id and client_secret are required.');
      await this.throttle.begin(`api-client:${clientId}`, request.ip);
      let issued;
      try {
        issued = await this.clients.issueToken(clientId, secret, input.scope);
      } catch (error) {
        // A refused scope is not a guess at the secret: only failed authentication counts.
        if (!(error instanceof OAuthRefusal && error.error === 'invalid_client'))
          await this.throttle.release(`api-client:${clientId}`, request.ip);
        throw error;
      }
      await this.throttle.recordSuccess(`api-client:${clientId}`, request.ip);
      this.logger.log(`token issued to api client ${clientId} from ${request.ip} with scope "${issued.scope}"`);
      return reply.status(200).send(issued);
    } catch (error) {
      if (!(error instanceof OAuthRefusal)) throw error;
      this.logger.warn(`token refused (${error.error}) for api client ${clientId ?? '(none)'} from ${request.ip}: ${error.description}`);
      if (error.error === 'invalid_client' && basic) void reply.header('www-authenticate', 'Basic realm="backoffice", charset="UTF-8"');
      return reply.status(STATUS[error.error]).send({ error: error.error, error_description: error.description });
    }
  }
}
