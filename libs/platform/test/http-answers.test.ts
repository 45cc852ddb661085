import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import { Body, Delete, Get, Module, Param, Post } from '@nestjs/common';
import { ApiController, baseConfigSchema, PlatformModule } from '@backoffice/platform';
import { authHeader, rawGet, startTestService, type TestService } from '@backoffice/platform/testing';

@ApiController({ tag: 'things', path: 'api/things' })
class ThingsController {
  @Get()
  list() {
    return [];
  }

  @Post()
  create(@Body() body: unknown) {
    return body;
  }

  @Get('many')
  many() {
    return Array.from({ length: 200 }, (_, i) => ({ id: i, name: `thing ${i}` }));
  }

  @Get(':id')
  read(@Param('id') id: string) {
    return { id };
  }

  @Delete(':id')
  remove() {
    return undefined;
  }
}

@Module({ imports: [PlatformModule.forService({ config: baseConfigSchema })], controllers: [ThingsController] })
class ThingsModule {}

let service: TestService;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  service = await startTestService(() => ThingsModule, {
    service: 'things',
    database: false,
    env: { LOG_LEVEL: 'info' },
    logDestination: { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) },
  });
});

afterAll(async () => {
  await service?.close();
});

it('answers a known path under another method 405 problem with Allow, whatever its parameters and query', async () => {
  const put = await service.request('/api/things?page=2', { method: 'PUT', json: {} });
  expect(put.status).toBe(405);
  expect(put.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  expect(await put.json()).toMatchObject({
    status: 405,
    code: 'method_not_allowed',
    detail: 'PUT is not allowed here; this path answers GET, HEAD, POST.',
  });

  const patch = await service.request('/api/things/42', { method: 'PATCH', json: {} });
  expect(patch.status).toBe(405);
  expect(patch.headers.get('allow')).toBe('GET, HEAD, DELETE, OPTIONS');
});

it('answers OPTIONS for a known path 204 with Allow, and still 404 for a path that does not exist', async () => {
  const options = await service.request('/api/things/42', { method: 'OPTIONS' });
  expect(options.status).toBe(204);
  expect(options.headers.get('allow')).toBe('GET, HEAD, DELETE, OPTIONS');

  const missing = await service.request('/api/nothing/here', { method: 'PATCH', json: {} });
  expect(missing.status).toBe(404);
  expect((await service.request('/api/nothing/here', { method: 'OPTIONS' })).status).toBe(404);
});

it('leaves the routes themselves alone', async () => {
  expect((await service.request('/api/things/7')).status).toBe(200);
  expect((await service.request('/api/things', { method: 'POST', json: { a: 1 } })).status).toBe(201);
});

const thingsGet = (path: string, headers: Record<string, string> = {}) => rawGet(`${service.url}${path}`, { ...authHeader(), ...headers });

it('compresses an answer over 1 kB for a client that accepts it, and only then', async () => {
  const compressed = await thingsGet('/api/things/many', { 'accept-encoding': 'gzip, br' });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers['vary']).toMatch(/accept-encoding/i);
  const list = JSON.parse(brotliDecompressSync(compressed.body).toString()) as unknown[];
  expect(list).toHaveLength(200);
  expect(compressed.body.length).toBeLessThan(JSON.stringify(list).length / 4);

  const plain = await thingsGet('/api/things/many');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(plain.body.toString())).toEqual(list);

  const small = await thingsGet('/api/things/7', { 'accept-encoding': 'gzip, br' });
  expect(small.headers['content-encoding']).toBeUndefined();
});

it('answers a body over its limit with the same 413 problem as the gateway, to a client that calls it directly', async () => {
  const response = await service.request('/api/things', { method: 'POST', json: { text: 'a'.repeat(2 * 1024 * 1024) } });
  expect(response.status).toBe(413);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await response.json()).toMatchObject({
    type: 'urn:backoffice:problem:payload_too_large',
    code: 'payload_too_large',
    detail: expect.stringMatching(/^The request body is larger than this route accepts \([\d,]+ bytes\)\.$/),
  });
});

it('logs a client that hangs up in the middle of its body at info, not as a server error, and serves the next one', async () => {
  const from = logLines.length;
  const { port } = new URL(service.url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write('POST /api/things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
      setTimeout(() => socket.destroy(), 100);
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await sleep(200);
  const lines = logLines.slice(from);
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'the client hung up before its request body ended' }));
  expect((await service.request('/api/things/7')).status).toBe(200);
});
