import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import jwt from 'jsonwebtoken';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccessTokenClaims,
  type ApiClient,
  type ApiClientWithSecret,
  type ApiScope,
  CLIENT_TOKEN_TTL_SECONDS,
  type CreateApiClient,
  type RotateApiClientSecret,
} from '@backoffice/contracts';
import { ConflictError, InvalidInputError, NotFoundError, SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import { hashSecret, sameHash } from '../auth/token-issuer';
import { SessionRevoker } from '../sessions/session-revoker';
import { ApiClientEntity } from './api-client.entity';

/** Prefix of every client secret, so a leaked one is recognisable (secret scanners, logs). */
export const CLIENT_SECRET_PREFIX = 'bocs_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toApiClient(record: ApiClientEntity, now = new Date()): ApiClient {
  const overlap = record.previousSecretValidUntil && record.previousSecretValidUntil > now ? record.previousSecretValidUntil : null;
  return {
    id: record.id,
    name: record.name,
    scopes: record.scopes as ApiScope[],
    expiresAt: record.expiresAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    revokedAt: record.revokedAt?.toISOString() ?? null,
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
    previousSecretValidUntil: overlap?.toISOString() ?? null,
    status: record.revokedAt ? 'revoked' : record.expiresAt && record.expiresAt <= now ? 'expired' : 'active',
  };
}

function newSecret(): { id: string; secret: string; hash: string } {
  const secret = CLIENT_SECRET_PREFIX + randomBytes(32).toString('base64url');
  return { id: randomUUID(), secret, hash: hashSecret(secret) };
}

/** Why a token request was refused (RFC 6749 §5.2), with a description safe to show the caller. */
export class OAuthRefusal extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: string,
  ) {
    super(description);
  }
}

export interface IssuedClientToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** API clients: created, listed, rotated and revoked by an Admin; their secrets exchanged for tokens. */
@Injectable()
export class ApiClientsService {
  private readonly logger = new Logger('ApiClients');

  constructor(
    private readonly em: EntityManager,
    private readonly revoker: SessionRevoker,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async list(): Promise<ApiClient[]> {
    const records = await this.em.fork().find(ApiClientEntity, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: 1000 });
    const now = new Date();
    return records.map((record) => toApiClient(record, now));
  }

  async get(id: string): Promise<ApiClient> {
    return toApiClient(await this.find(this.em.fork(), id));
  }

  async create(input: CreateApiClient, adminId: string): Promise<ApiClientWithSecret> {
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt <= new Date()) {
      throw new InvalidInputError(
        [{ path: 'expiresAt', message: 'The expiry must be in the future.' }],
        'The expiry must be in the future.',
      );
    }
    const secret = newSecret();
    const em = this.em.fork();
    const record = Object.assign(new ApiClientEntity(), {
      name: input.name,
      scopes: [...input.scopes],
      expiresAt,
      secretId: secret.id,
      secretHash: secret.hash,
      createdBy: adminId,
    });
    em.persist(record);
    await em.flush();
    this.logger.log(`api client ${record.id} "${record.name}" created by ${adminId} with scopes ${record.scopes.join(' ')}`);
    return { ...toApiClient(record), clientSecret: secret.secret };
  }

  /**
   * A new secret. The old one keeps working for `overlapSeconds` (its tokens expire by then too); a secret
   * from an earlier rotation still in its overlap ends at once, as does the old one when there is no overlap.
   */
  async rotate(id: string, input: RotateApiClientSecret, adminId: string): Promise<ApiClientWithSecret> {
    const secret = newSecret();
    const ended: string[] = [];
    const record = await this.em.fork().transactional(async (em) => {
      const found = await this.find(em, id, true);
      if (found.revokedAt) throw new ConflictError('A revoked API client cannot be rotated; create a new one.');
      if (found.previousSecretId) ended.push(found.previousSecretId);
      if (input.overlapSeconds > 0) {
        found.previousSecretId = found.secretId;
        found.previousSecretHash = found.secretHash;
        found.previousSecretValidUntil = new Date(Date.now() + input.overlapSeconds * 1000);
      } else {
        ended.push(found.secretId);
        found.previousSecretId = null;
        found.previousSecretHash = null;
        found.previousSecretValidUntil = null;
      }
      found.secretId = secret.id;
      found.secretHash = secret.hash;
      return found;
    });
    await this.revoker.revokeAccessTokens(ended);
    this.logger.log(`api client ${id} secret rotated by ${adminId}, old secret valid ${input.overlapSeconds}s more`);
    return { ...toApiClient(record), clientSecret: secret.secret };
  }

  /** Revoked at once: no new token, and every token it holds is refused from now on, everywhere. */
  async revoke(id: string, adminId: string): Promise<ApiClient> {
    const ended: string[] = [];
    const record = await this.em.fork().transactional(async (em) => {
      const found = await this.find(em, id, true);
      found.revokedAt ??= new Date();
      ended.push(found.secretId, ...(found.previousSecretId ? [found.previousSecretId] : []));
      return found;
    });
    await this.revoker.revokeAccessTokens(ended);
    this.logger.log(`api client ${id} revoked by ${adminId}`);
    return toApiClient(record);
  }

  /**
   * RFC 6749 §4.4: the client's id and secret for a token with the requested scopes (all of its scopes
   * when none is requested). Throws OAuthRefusal; the caller answers it in RFC 6749 §5.2's shape.
   */
  async issueToken(clientId: string, clientSecret: string, requested: string | undefined): Promise<IssuedClientToken> {
    if (!UUID.test(clientId)) throw new OAuthRefusal('invalid_client', 'Client authentication failed.');
    const em = this.em.fork();
    const record = await em.findOne(ApiClientEntity, { id: clientId.toLowerCase() });
    const now = new Date();
    const hash = hashSecret(clientSecret);
    let sid: string | undefined;
    let cap: Date | null = record?.expiresAt ?? null;
    if (record && !record.revokedAt && !(record.expiresAt && record.expiresAt <= now)) {
      if (sameHash(hash, record.secretHash)) sid = record.secretId;
      else if (
        record.previousSecretHash &&
        record.previousSecretId &&
        record.previousSecretValidUntil &&
        record.previousSecretValidUntil > now &&
        sameHash(hash, record.previousSecretHash)
      ) {
        sid = record.previousSecretId;
        if (!cap || record.previousSecretValidUntil < cap) cap = record.previousSecretValidUntil;
      }
    }
    if (!record || !sid) throw new OAuthRefusal('invalid_client', 'Client authentication failed.');

    let scopes = record.scopes;
    if (requested !== undefined) {
      const wanted = requested.split(' ').filter((scope) => scope.length > 0);
      if (wanted.length === 0) throw new OAuthRefusal('invalid_scope', 'The scope parameter is empty.');
      const unknown = wanted.filter((scope) => !record.scopes.includes(scope));
      if (unknown.length > 0) throw new OAuthRefusal('invalid_scope', `This client may not have the scope ${unknown.join(', ')}.`);
      scopes = [...new Set(wanted)];
    }

    const nowS = Math.floor(now.getTime() / 1000);
    const capS = cap ? Math.floor(cap.getTime() / 1000) : Infinity;
    const expiresIn = Math.max(1, Math.min(CLIENT_TOKEN_TTL_SECONDS, capS - nowS));
    const claims: Omit<AccessTokenClaims, 'exp'> = {
      sub: record.id,
      name: record.name,
      email: '',
      roles: [],
      typ: 'access',
      sid,
      iat: nowS,
      scope: scopes.join(' '),
      client: true,
    };
    const token = jwt.sign(claims, this.config.JWT_PRIVATE_KEY, {
      algorithm: 'RS256',
      expiresIn,
      issuer: this.config.JWT_ISSUER,
      audience: this.config.JWT_AUDIENCE,
    });
    await em.nativeUpdate(ApiClientEntity, { id: record.id }, { lastUsedAt: now });
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: claims.scope! };
  }

  private async find(em: EntityManager, id: string, lock = false): Promise<ApiClientEntity> {
    const record = await em.findOne(ApiClientEntity, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!record) throw new NotFoundError('API client', id);
    return record;
  }
}
