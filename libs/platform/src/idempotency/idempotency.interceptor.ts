import { setTimeout as sleep } from 'node:timers/promises';
import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DomainError, InvalidInputError, RetryLaterError } from '../errors/domain-error';
import type { CurrentUserData } from '../auth/decorators';
import { requestFingerprint } from './request-fingerprint';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's answer is kept: a retry within this time gets it again. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** How long a running request holds its key; a replica that died mid-request frees it after this. */
export const IDEMPOTENCY_LOCK_SECONDS = 60;
/** How long a request waits for its twin (the same key, running now) before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
const POLL_MS = 100;
const SWEEP_EVERY_MS = 10 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_DOCS =
  'Makes a retry safe (Stripe-style, IETF draft-ietf-httpapi-idempotency-key-header): a unique value per intended ' +
  'operation (a UUID), sent again unchanged on every retry of it. The same key with the same body answers the first ' +
  'answer again (its status and body, header `Idempotency-Replayed: true`) for 24 hours, whichever replica answers; ' +
  'the same key with another body (or on another operation) answers 422 `idempotency_key_reused`; a request whose ' +
  'twin with the same key is still running waits for it (up to 10 s, then 409 `idempotency_key_in_use` with ' +
  '`Retry-After`). Keys belong to the caller (the API client or the staff user). An error answer is not kept: its ' +
  'retry runs again. Up to 255 printable ASCII characters.';

interface KeptAnswer {
  fingerprint: string;
  status: number | null;
  /** The answer's JSON as it was sent (text, so a replay keeps its key order). */
  body: string | null;
}

type IdempotentRequest = FastifyRequest & { user?: CurrentUserData };

/**
 * `Idempotency-Key` for a POST that creates something. The key is claimed in the service's own PostgreSQL database
 * (`idempotency_keys`, shared by every replica, kept through a Redis restart) before the handler runs; the answer is
 * stored when it succeeds, and replayed for the same key and body. A request without the header runs as before.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private lastSweep = 0;

  constructor(private readonly em: EntityManager) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<IdempotentRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return next.handle();
    return from(this.run(String(header), request, reply, next));
  }

  private async run(key: string, request: IdempotentRequest, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    if (Array.isArray(request.headers[IDEMPOTENCY_HEADER]) || !KEY_PATTERN.test(key)) {
      throw new InvalidInputError(
        [{ path: 'Idempotency-Key', message: 'One header of 1 to 255 printable ASCII characters (a UUID, say).' }],
        'The Idempotency-Key header is not valid.',
      );
    }
    const user = request.user;
    const scope = user ? `${user.client ? 'client' : 'user'}:${user.id}` : 'anonymous';
    const fingerprint = requestFingerprint(request.method, request.routeOptions.url ?? request.url, request.params, request.body);
    this.sweep();

    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      if (await this.claim(scope, key, fingerprint)) break;
      const kept = await this.read(scope, key);
      if (kept === null) continue; // its first request failed and let go: claim it again
      if (kept.fingerprint !== fingerprint) {
        throw new DomainError(
          'idempotency_key_reused',
          `Idempotency-Key "${key}" was already used for another request (another body or operation); use a new key for a new request.`,
          422,
        );
      }
      if (kept.status !== null) {
        void reply.status(kept.status).header('idempotency-replayed', 'true');
        return kept.body === null ? undefined : (JSON.parse(kept.body) as unknown);
      }
      if (Date.now() >= deadline) {
        throw new RetryLaterError(
          `A request with Idempotency-Key "${key}" is still running; retry shortly for its answer.`,
          'idempotency_key_in_use',
          1,
        );
      }
      await sleep(POLL_MS);
    }

    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      await this.release(scope, key);
      throw error;
    }
    await this.keep(scope, key, reply.statusCode, body);
    return body;
  }

  /** Takes the key: true when this request is to run (a new key, an expired one, or one a dead replica held). */
  private async claim(scope: string, key: string, fingerprint: string): Promise<boolean> {
    const rows = await this.em.getConnection().execute<{ key: string }[]>(
      `insert into idempotency_keys (scope, key, fingerprint, locked_until, expires_at)
       values (?, ?, ?, now() + make_interval(secs => ?), now() + make_interval(secs => ?))
       on conflict (scope, key) do update set fingerprint = excluded.fingerprint, status = null, body = null,
         locked_until = excluded.locked_until, created_at = now(), expires_at = excluded.expires_at
       where idempotency_keys.expires_at < now()
          or (idempotency_keys.status is null and idempotency_keys.locked_until < now()
              and idempotency_keys.fingerprint = excluded.fingerprint)
       returning key`,
      [scope, key, fingerprint, IDEMPOTENCY_LOCK_SECONDS, IDEMPOTENCY_TTL_SECONDS],
      'all',
    );
    return rows.length === 1;
  }

  private async read(scope: string, key: string): Promise<KeptAnswer | null> {
    const rows = await this.em
      .getConnection()
      .execute<KeptAnswer[]>(
        'select fingerprint, status, body from idempotency_keys where scope = ? and key = ? and expires_at >= now()',
        [scope, key],
        'all',
      );
    return rows[0] ?? null;
  }

  private async keep(scope: string, key: string, status: number, body: unknown): Promise<void> {
    await this.em
      .getConnection()
      .execute('update idempotency_keys set status = ?, body = ? where scope = ? and key = ?', [
        status,
        body === undefined ? null : JSON.stringify(body),
        scope,
        key,
      ]);
  }

  /** An error answer is not kept: nothing was written, so the retry runs again. */
  private async release(scope: string, key: string): Promise<void> {
    await this.em
      .getConnection()
      .execute('delete from idempotency_keys where scope = ? and key = ? and status is null', [scope, key])
      .catch(() => undefined); // the lock then expires by itself
  }

  /** Drops expired keys now and then (any replica; a lookup ignores them anyway). */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    void this.em
      .getConnection()
      .execute('delete from idempotency_keys where expires_at < now()')
      .catch(() => undefined);
  }
}

/**
 * A POST that creates something takes an `Idempotency-Key` header (IdempotencyInterceptor), and its OpenAPI
 * operation documents it.
 */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({ name: 'Idempotency-Key', required: false, description: IDEMPOTENCY_DOCS, schema: { type: 'string', maxLength: 255 } }),
    ApiResponse({ status: 422, description: 'The Idempotency-Key was already used for another request.', content: PROBLEM_CONTENT }),
    ApiResponse({
      status: 409,
      description: 'A request with this Idempotency-Key is still running (see Retry-After).',
      content: PROBLEM_CONTENT,
    }),
  );

const PROBLEM_CONTENT = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
