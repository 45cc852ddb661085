import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { Client } from 'pg';
import jwt from 'jsonwebtoken';
import { AUDIT_TOPIC, JWT_AUDIENCE_DEFAULT, JWT_ISSUER_DEFAULT, SERVICE_NAMES, type ServiceName } from '@backoffice/contracts';
import { signToken, startTestService, testKeys, type TestService } from '@backoffice/platform/testing';

/*
 * What the security tests share: each service started in this process as in production (its real
 * AppModule and configure hook, a fresh database), stand-ins for the neighbours a service calls,
 * the routes its Nest router really has, and a look into its database (row counts, stored text).
 */

/** Every service of the product: a new one in SERVICE_NAMES needs its entry in SERVICE_STARTS below (tsc says so). */
export const SERVICE_UNDER_TEST = SERVICE_NAMES;
export type ServiceUnderTest = ServiceName;

/**
 * Each service started in a test process its own Kafka topics: events one publishes must not reach
 * another under test (and services sharing a prefix in one process are slow to close).
 */
export const topicPrefix = () => `sec${randomBytes(4).toString('hex')}.`;

export const ADMIN_LOGIN = { username: `admin-${randomBytes(3).toString('hex')}@security.test`, password: 'Sec-urity-2026!' };

export interface StubUser {
  id: string;
  name: string;
  email: string;
  roles: string[];
  active: boolean;
}

/**
 * A neighbour that answers the few calls services make to each other: identity's staff list (these
 * users, or nobody) and geography's tax lookup (no tax, no shipping). Anything else: 404.
 */
export async function neighbourStub(users: StubUser[] = []): Promise<{ url: string; calls: string[]; close: () => Promise<void> }> {
  const calls: string[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    calls.push(`${request.method} ${request.url}`);
    response.setHeader('content-type', 'application/json');
    const path = (request.url ?? '').split('?')[0];
    if (path === '/api/identity/users') {
      return void response.end(JSON.stringify({ items: users, total: users.length, page: 1, pageSize: 200 }));
    }
    if (/^\/internal\/orders\/[0-9a-f-]{36}$/.test(path)) {
      // Every order exists (payments asks before recording a payment).
      response.statusCode = 204;
      return void response.end();
    }
    if (path === '/internal/geography/lookup') {
      return void response.end(JSON.stringify({ taxRate: 0, shippingFee: 0, matched: { countryId: 1, stateId: null, cityId: null } }));
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ status: 404, title: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface StartedService extends TestService {
  name: ServiceUnderTest;
}

/** What startTestService needs of a service, started as its main.ts does: its AppModule, its hook, its settings. */
interface ServiceStart {
  load: () => unknown;
  configure?: Parameters<typeof startTestService>[1]['configure'];
  env?: Record<string, string>;
}

/** How each service starts here; `tempDir` makes a folder removed on close, `neighbours` is the stand-in's URL. */
const SERVICE_STARTS: Record<ServiceName, (tempDir: (prefix: string) => string, neighbours: string) => ServiceStart> = {
  identity: () => ({
    load: () => require('../../services/identity/src/app.module').AppModule,
    env: { ADMIN_EMAIL: ADMIN_LOGIN.username, ADMIN_PASSWORD: ADMIN_LOGIN.password, ADMIN_NAME: 'Security Admin' },
  }),
  catalogue: (tempDir) => ({
    load: () => require('../../services/catalogue/src/app.module').AppModule,
    configure: (app) => require('../../services/catalogue/src/catalogue.http').configureCatalogueHttp(app),
    env: { FILE_STORE_DIR: tempDir('security-catalogue-') },
  }),
  crm: (tempDir, neighbours) => ({
    load: () => require('../../services/crm/src/app.module').AppModule,
    configure: (app) => require('../../services/crm/src/crm.http').configureCrmHttp(app),
    env: {
      CRM_UPLOAD_DIR: tempDir('security-crm-'),
      CRM_SSN_KEY: randomBytes(32).toString('hex'),
      CRM_QUEUE_PREFIX: `sec${randomBytes(4).toString('hex')}`,
      IDENTITY_URL: neighbours,
    },
  }),
  orders: (_tempDir, neighbours) => ({
    load: () => require('../../services/orders/src/app.module').AppModule,
    configure: (app) => require('../../services/orders/src/orders.http').configureOrdersHttp(app),
    env: { GEOGRAPHY_URL: neighbours, SCHEDULING_URL: '', IDENTITY_URL: '' },
  }),
  geography: () => ({ load: () => require('../../services/geography/src/app.module').AppModule }),
  scheduling: () => ({ load: () => require('../../services/scheduling/src/app.module').AppModule }),
  payments: (_tempDir, neighbours) => ({
    load: () => require('../../services/payments/src/app.module').AppModule,
    env: { ORDERS_URL: neighbours },
  }),
};

/** One service's real AppModule in this process, configured as its main.ts does, with a fresh database. */
export async function startService(name: ServiceUnderTest, neighbours: string, env: Record<string, string> = {}): Promise<StartedService> {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  const start = SERVICE_STARTS[name](tempDir, neighbours);
  const service = await startTestService(start.load, {
    service: name,
    configure: start.configure,
    env: { ...start.env, SEED_DEMO_DATA: 'false', KAFKA_TOPIC_PREFIX: topicPrefix(), ...env },
  });
  return {
    ...service,
    name,
    close: async () => {
      await service.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RouterRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI style: /api/things/{id}. */
  path: string;
}

const METHOD_NAMES: Partial<Record<RequestMethod, RouterRoute['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

/** Every route the service's Nest router has, read from the controllers' metadata (not from the docs). */
export function routerRoutes(service: TestService): RouterRoute[] {
  const routes: RouterRoute[] = [];
  const join = (...parts: string[]) =>
    `/${parts
      .flatMap((part) => part.split('/'))
      .filter(Boolean)
      .join('/')}`.replace(/:(\w+)/g, '{$1}');
  for (const module of service.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller) continue;
      const bases = [Reflect.getMetadata('path', controller) ?? ''].flat() as string[];
      const prototype = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const method = METHOD_NAMES[Reflect.getMetadata('method', handler) as RequestMethod];
        const paths = Reflect.getMetadata('path', handler) as string | string[] | undefined;
        if (!method || paths === undefined) continue;
        // Kafka handlers (@EventPattern) carry no HTTP method metadata and are left out above.
        for (const base of bases) for (const path of [paths].flat()) routes.push({ method, path: join(base, path) });
      }
    }
  }
  return routes;
}

/** A connection to the service's own database, for what the API does not show. */
export class ServiceDatabase {
  private constructor(
    private readonly client: Client,
    private readonly tables: string[],
    private readonly textColumns: { table: string; column: string; json: boolean }[],
  ) {}

  static async open(service: TestService): Promise<ServiceDatabase> {
    const client = new Client({ connectionString: service.databaseUrl });
    await client.connect();
    const tables = (
      await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'mikro_orm_%' order by 1`,
      )
    ).rows.map((row) => row.name);
    const textColumns = (
      await client.query<{ table: string; column: string; type: string }>(
        `select table_name as table, column_name as column, data_type as type from information_schema.columns
          where table_schema = 'public' and table_name not like 'mikro_orm_%'
            and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
      )
    ).rows
      .filter((row) => tables.includes(row.table))
      .map((row) => ({ table: row.table, column: row.column, json: row.type !== 'text' && row.type !== 'character varying' }));
    return new ServiceDatabase(client, tables, textColumns);
  }

  /**
   * Rows per table, in one statement. The outbox's audit events are left out: a failed sign-in is recorded
   * although it is refused (audit-trail.test.ts judges the audit log on its own).
   */
  async counts(): Promise<Record<string, number>> {
    if (this.tables.length === 0) return {};
    const count = (table: string) =>
      table === 'outbox' ? `(select count(*) from outbox where topic not like '%${AUDIT_TOPIC}')` : `(select count(*) from "${table}")`;
    const select = this.tables.map((table, i) => `${count(table)}::int as c${i}`).join(', ');
    const row = (await this.client.query<Record<string, number>>(`select ${select}`)).rows[0];
    return Object.fromEntries(this.tables.map((table, i) => [table, row[`c${i}`]]));
  }

  /** Where a text is stored exactly as sent (a text column equal to it, or a JSON value holding it). */
  async whereStored(text: string): Promise<string[]> {
    const found: string[] = [];
    const jsonText = JSON.stringify(text).slice(1, -1);
    for (const { table, column, json } of this.textColumns) {
      const sql = json
        ? `select 1 from "${table}" where strpos("${column}"::text, $1) > 0 limit 1`
        : `select 1 from "${table}" where "${column}" = $1 limit 1`;
      if ((await this.client.query(sql, [json ? jsonText : text])).rowCount) found.push(`${table}.${column}`);
    }
    return found;
  }

  /** Columns holding any of these markers (case-insensitive). */
  async columnsContaining(markers: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const { table, column } of this.textColumns) {
      const conditions = markers.map((_, i) => `strpos(lower("${column}"::text), $${i + 1}) > 0`).join(' or ');
      const sql = `select 1 from "${table}" where ${conditions} limit 1`;
      if (
        (
          await this.client.query(
            sql,
            markers.map((m) => m.toLowerCase()),
          )
        ).rowCount
      )
        found.push(`${table}.${column}`);
    }
    return found;
  }

  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(sql, params)).rows;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** Tables whose row count differs between two snapshots. */
export function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table} ${before[table]}→${after[table]}`);
}

export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Every kind of token that must not get anyone in (each claims the Admin role: the most a forger would). */
export type BadToken = (typeof BAD_TOKENS)[number];

export const BAD_TOKENS = [
  'a malformed token',
  'an expired token',
  'a tampered signature',
  'a tampered payload',
  'alg none',
  'HS256 with the public key',
  'another key',
  'a wrong audience',
  'a wrong issuer',
  'a refresh token',
] as const;

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function badToken(kind: BadToken): string {
  const admin = signToken({ roles: ['Admin'] });
  const [header, payload, signature] = admin.split('.');
  const claims = { sub: 'forger', sid: 'forged', roles: ['Admin'], typ: 'access', iss: JWT_ISSUER_DEFAULT, aud: JWT_AUDIENCE_DEFAULT };
  switch (kind) {
    case 'a malformed token':
      return 'not-a-jwt';
    case 'an expired token':
      return signToken({ roles: ['Admin'], iat: now() - 3600, expiresIn: 60 });
    case 'a tampered signature':
      return `${header}.${payload}.${signature.slice(0, -6)}${signature.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
    case 'a tampered payload': {
      const manager = signToken({ roles: ['Manager'] }).split('.');
      const forged = { ...JSON.parse(Buffer.from(manager[1], 'base64url').toString()), roles: ['Admin'] };
      return `${manager[0]}.${b64(forged)}.${manager[2]}`;
    }
    case 'alg none':
      return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now(), exp: now() + 600 })}.`;
    case 'HS256 with the public key':
      return jwt.sign(claims, testKeys.publicKey, { algorithm: 'HS256', expiresIn: 600 });
    case 'another key': {
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return jwt.sign(claims, other.privateKey.export({ type: 'pkcs8', format: 'pem' }), { algorithm: 'RS256', expiresIn: 600 });
    }
    case 'a wrong audience':
      return signToken({ roles: ['Admin'], audience: 'some-other-api' });
    case 'a wrong issuer':
      return signToken({ roles: ['Admin'], issuer: 'https://evil.example' });
    case 'a refresh token':
      return signToken({ roles: ['Admin'], typ: 'refresh' });
  }
}
