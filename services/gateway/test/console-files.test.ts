import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { rawGet, type TestService } from '@backoffice/platform/testing';
import { startGateway } from './gateway-test-kit';

/** A console build as vite writes it: each file beside its .br and .gz. */
const dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
const INDEX = '<!doctype html><title>Back-office</title>' + '<script type="module" src="/assets/app-1a2b.js"></script>'.repeat(20);
const APP = 'export const app = "console";\n'.repeat(200);

function writeBuilt(file: string, text: string) {
  writeFileSync(join(dir, file), text);
  writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
  writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
}

let gateway: TestService;
/** A GET with exactly the headers given, as a browser or a bare client sends it. */
const consoleGet = (path: string, headers: Record<string, string> = {}) => rawGet(`${gateway.url}${path}`, headers);

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeBuilt('index.html', INDEX);
  writeBuilt('assets/app-1a2b.js', APP);
  gateway = await startGateway({ CONSOLE_DIR: dir });
});

afterAll(async () => {
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('serves a hashed asset compressed as the browser accepts, cached for a year', async () => {
  const br = await consoleGet('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['vary']).toMatch(/accept-encoding/i);
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(br.body).toString()).toBe(APP);
  expect(br.body.length).toBeLessThan(APP.length / 10);

  const gzip = await consoleGet('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toBe(APP);

  const plain = await consoleGet('/assets/app-1a2b.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(APP);
  expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('serves the page itself, at / and at any console route, compressed and asked again every time', async () => {
  for (const path of ['/', '/orders/clients?page=2']) {
    const page = await consoleGet(path, { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
  }
});

it('serves an asset built after the gateway started the same way', async () => {
  writeBuilt('assets/late-9z8y.js', APP);
  const late = await consoleGet('/assets/late-9z8y.js', { 'accept-encoding': 'gzip' });
  expect(late.status).toBe(200);
  expect(late.headers['content-encoding']).toBe('gzip');
  expect(late.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(gunzipSync(late.body).toString()).toBe(APP);
});
