import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { JWT_AUDIENCE_DEFAULT, JWT_ISSUER_DEFAULT, type Role } from '@backoffice/contracts';
import { createServiceApp, type ServiceAppOptions } from '../http/bootstrap';
import { testDatabaseChecks } from './database-checks';

export { testDatabaseChecks } from './database-checks';
export { buildServices, freePort, portOpen, rawGet } from './processes';
export { endSessions, queryDatabase } from './stores';

/** One RSA key pair per test process, so tests can mint tokens the services accept. */
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
export const testKeys = { publicKey: keys.publicKey, privateKey: keys.privateKey };

export const pgServerUrl = () => process.env.TEST_PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const kafkaBrokers = () => process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh, empty database for one test file; drop() removes it. */
export async function createTestDatabase(service: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `test_${service}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: pgServerUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    name,
    url: withDatabase(pgServerUrl(), name),
    drop: async () => {
      const client = new Client({ connectionString: pgServerUrl() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export interface TokenOptions {
  sub?: string;
  /** The session id (`sid`); a new one when absent, `null` for a token without one. */
  sid?: string | null;
  roles?: Role[] | string[];
  name?: string;
  email?: string;
  expiresIn?: number;
  typ?: string;
  issuer?: string;
  audience?: string;
  iat?: number;
  /** An API client's token (client credentials): the client marker and these space-separated scopes. */
  scope?: string;
}

/** Signs an access token with the test key (or tampered variants for negative tests). */
export function signToken(options: TokenOptions = {}): string {
  const now = options.iat ?? Math.floor(Date.now() / 1000);
  return jwt.sign(
    {
      sub: options.sub ?? randomUUID(),
      ...(options.sid === null ? {} : { sid: options.sid ?? randomUUID() }),
      name: options.name ?? 'Test User',
      email: options.email ?? 'test@example.com',
      roles: options.roles ?? ['Admin'],
      typ: options.typ ?? 'access',
      ...(options.scope === undefined ? {} : { client: true, scope: options.scope }),
      iat: now,
      exp: now + (options.expiresIn ?? 900),
    },
    testKeys.privateKey,
    { algorithm: 'RS256', issuer: options.issuer ?? JWT_ISSUER_DEFAULT, audience: options.audience ?? JWT_AUDIENCE_DEFAULT },
  );
}

/** A client-credentials token as identity issues it: no role, no email, the client marker and `scope`. */
export const clientToken = (scope: string, name = 'Partner') => signToken({ scope, name, email: '', roles: [] });

export const authHeader = (options: TokenOptions = {}) => ({ authorization: `Bearer ${signToken(options)}` });

export interface TestService {
  app: NestFastifyApplication;
  url: string;
  databaseUrl: string;
  /** fetch against the service with JSON defaults. */
  request: (path: string, init?: RequestInit & { json?: unknown; token?: string | null; roles?: Role[] }) => Promise<Response>;
  close: () => Promise<void>;
}

/**
 * Starts a service's real AppModule on a random port with a fresh database,
 * real Redis and (when it uses events) real Kafka with a unique topic prefix.
 */
export async function startTestService(
  loadAppModule: () => unknown,
  options: {
    service: string;
    env?: Record<string, string>;
    database?: boolean;
    configure?: ServiceAppOptions['configure'];
    /** Where its log lines go (LOG_LEVEL in env; tests default to silent). */
    logDestination?: ServiceAppOptions['logDestination'];
  },
): Promise<TestService> {
  const database = options.database === false ? undefined : await createTestDatabase(options.service);
  Object.assign(process.env, {
    NODE_ENV: 'test',
    SERVICE_NAME: options.service,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_PUBLIC_KEY: testKeys.publicKey,
    JWT_PRIVATE_KEY: testKeys.privateKey,
    REDIS_URL: redisUrl(),
    KAFKA_BROKERS: kafkaBrokers(),
    KAFKA_TOPIC_PREFIX: process.env.KAFKA_TOPIC_PREFIX ?? `t${randomBytes(3).toString('hex')}.`,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const { app } = await createServiceApp(loadAppModule(), { configure: options.configure, logDestination: options.logDestination });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    databaseUrl: database?.url ?? '',
    request: (path, init = {}) => {
      const { json, token, roles, headers, ...rest } = init;
      const merged: Record<string, string> = { ...(headers as Record<string, string>) };
      if (json !== undefined) merged['content-type'] = 'application/json';
      if (token !== null) merged.authorization = `Bearer ${token ?? signToken({ roles: roles ?? ['Admin'] })}`;
      return fetch(`${url}${path}`, {
        ...rest,
        headers: merged,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    close: async () => {
      // The test's client is done with it: a keep-alive connection still counted busy would hold the close for
      // Fastify's keepAliveTimeout (72 s).
      app.getHttpServer().closeAllConnections();
      await app.close();
      try {
        for (const check of database ? testDatabaseChecks : []) await check(database!.url);
      } finally {
        await database?.drop().catch(() => undefined);
      }
    },
  };
}
