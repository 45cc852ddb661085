import { createServer, type Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { SERVICE_NAMES, serviceUrlVariable } from '@backoffice/contracts';
import { buildServiceOpenApi } from '@backoffice/platform';
import type { TestService } from '@backoffice/platform/testing';
import { ApiDocuments } from '../src/docs/api-docs';
import type { OpenApiDoc } from '../src/docs/merge-openapi';
import { startGateway } from './gateway-test-kit';

/*
 * The API reference served by the gateway: the merged document at a stable URL, read at run time from
 * each service's GET /openapi.json (here geography's real document, served by a stand-in), and the
 * Swagger UI page with its own files and content security policy.
 */

type Merged = { openapi: string; paths: Record<string, unknown>; 'x-unavailable-services'?: string[] };

/** A stand-in service answering its GET /openapi.json with `doc`, counting the reads; `down()` stops it. */
function documentServer(doc: unknown): Promise<{ url: string; reads: () => number; down: () => Promise<void> }> {
  let reads = 0;
  const server: Server = createServer((request, response) => {
    if (request.url !== '/openapi.json') return void response.writeHead(404).end();
    reads++;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(doc));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        reads: () => reads,
        down: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The services this test leaves down: every one but geography, which serves its document. */
const OTHER_SERVICES = SERVICE_NAMES.filter((name) => name !== 'geography');
let gateway: TestService;
let geography: Awaited<ReturnType<typeof documentServer>>;

beforeAll(async () => {
  const { AppModule } = require('../../geography/src/app.module') as { AppModule: unknown };
  const app = await NestFactory.create(AppModule as never, new FastifyAdapter(), { preview: true, logger: false });
  const geographyDoc = buildServiceOpenApi(app, 'geography');
  await app.close();
  geography = await documentServer(geographyDoc);
  // Every other service is "down": nothing listens on port 1.
  const down = Object.fromEntries(OTHER_SERVICES.map((name) => [serviceUrlVariable(name), 'http://127.0.0.1:1']));
  gateway = await startGateway({ ...down, GEOGRAPHY_URL: geography.url });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await geography?.down().catch(() => undefined);
});

it('serves the merged OpenAPI 3.1 document without a token, with the services that answered and the gateway’s own routes', async () => {
  const response = await gateway.request('/api/docs/openapi.json', { token: null });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const doc = (await response.json()) as Merged;
  expect(doc.openapi).toBe('3.1.0');
  // geography's own document, read from the (stand-in) service at run time…
  expect(doc.paths).toHaveProperty(['/api/countries', 'get', 'responses', '200', 'content', 'application/json']);
  expect(doc.paths).toHaveProperty(['/api/geography/lookup']);
  // …the gateway's own route…
  expect(doc.paths).toHaveProperty(['/api/config', 'get']);
  // …and the services that could not be read are named, the rest served all the same.
  expect(doc['x-unavailable-services']).toEqual(OTHER_SERVICES);
});

it('serves the browsable reference (Swagger UI from the gateway itself) with a policy of its own', async () => {
  const page = await gateway.request('/api/docs', { token: null });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('<div id="swagger-ui">');
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/unsafe-eval|https?:/);
  // Every file the page loads is served by the gateway (no CDN), with the same policy.
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  expect(assets).toEqual(expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/init.js']));
  for (const asset of assets.filter((path) => path !== '/api/docs/openapi.json')) {
    const file = await gateway.request(asset, { token: null });
    expect(`${asset} ${file.status}`).toBe(`${asset} 200`);
    expect(file.headers.get('content-security-policy')).toBe(csp);
  }
  const init = await (await gateway.request('/api/docs/init.js', { token: null })).text();
  expect(init).toContain('"/api/docs/openapi.json"');
  // The console's routes keep the gateway's own policy.
  const config = await gateway.request('/api/config', { token: null });
  expect(config.headers.get('content-security-policy')).not.toBe(csp);
  expect(config.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

it('is never sent to a service: an unknown path under /api/docs is the gateway’s 404', async () => {
  const reads = geography.reads();
  const response = await gateway.request('/api/docs/nothing-here', { token: null });
  expect(response.status).toBe(404);
  expect(geography.reads()).toBe(reads);
});

describe('ApiDocuments', () => {
  const doc = (path: string): OpenApiDoc => ({
    openapi: '3.1.0',
    paths: { [path]: { get: { operationId: 'x', summary: 'x', responses: { '200': { description: 'ok' } } } } },
  });

  it('reads the services again only after the cache has expired, sharing one read between concurrent requests', async () => {
    let reads = 0;
    const documents = new ApiDocuments(
      [
        {
          service: 'a',
          load: async () => {
            reads++;
            return doc('/api/a');
          },
        },
      ],
      undefined,
      { ttlMs: 60_000 },
    );
    await Promise.all([documents.merged(), documents.merged(), documents.merged()]);
    await documents.merged();
    expect(reads).toBe(1);
  });

  it('keeps the last document of a service that stops answering, and names a service that never answered', async () => {
    let aUp = true;
    const documents = new ApiDocuments(
      [
        { service: 'a', load: async () => (aUp ? doc('/api/a') : Promise.reject(new Error('refused'))) },
        { service: 'b', load: async () => Promise.reject(new Error('refused')) },
      ],
      undefined,
      { ttlMs: 0, incompleteTtlMs: 0 },
    );
    const first = await documents.merged();
    expect(Object.keys(first.paths)).toEqual(['/api/a']);
    expect(first['x-unavailable-services']).toEqual(['b']);
    aUp = false;
    const second = await documents.merged();
    expect(Object.keys(second.paths)).toEqual(['/api/a']);
    expect(second['x-unavailable-services']).toEqual(['a', 'b']);
  });
});
