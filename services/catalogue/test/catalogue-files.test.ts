import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { json, paths, SAMPLE, startCatalogue, upload, type CatalogueTestService } from './catalogue-test-service';

let service: CatalogueTestService;

beforeAll(async () => {
  service = await startCatalogue({ FILE_MAX_BYTES: String(64 * 1024) });
});

afterAll(async () => {
  await service?.close();
});

describe('POST /api/catalogue/files', () => {
  it.each([
    ['png', SAMPLE.png, 'image/png'],
    ['gif', SAMPLE.gif, 'image/gif'],
    ['jpeg', SAMPLE.jpeg, 'image/jpeg'],
  ] as const)('keeps a %s image, typed by its content, on disk under FILE_STORE_DIR', async (kind, bytes, contentType) => {
    // The declared type and name are wrong on purpose: only the bytes count.
    const response = await upload(service, bytes, `holiday.${kind === 'png' ? 'jpg' : 'png'}`, 'application/octet-stream', {
      roles: ['Manager'],
    });
    expect(response.status).toBe(201);
    const body = await json<{ id: string; url: string; contentType: string; size: number; name: string }>(response);
    expect(body).toMatchObject({ contentType, size: bytes.length, url: `/api/catalogue/files/${body.id}` });
    expect(existsSync(join(service.fileStoreDir, body.id.slice(0, 2), body.id))).toBe(true);
  });

  it.each([
    ['text named .png', SAMPLE.text, 'evil.png', 'image/png'],
    ['PDF', SAMPLE.pdf, 'doc.png', 'image/png'],
    ['SVG', SAMPLE.svg, 'logo.svg', 'image/svg+xml'],
    ['WebP', SAMPLE.webp, 'photo.webp', 'image/webp'],
  ])('refuses a %s by its content with 400 on the file field', async (_kind, bytes, name, type) => {
    const response = await upload(service, bytes, name, type);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const body = await json<{ errors: { path: string; message: string }[] }>(response);
    expect(body.errors).toEqual([{ path: 'file', message: expect.stringMatching(/Only GIF, JPEG and PNG/) }]);
  });

  it('refuses an image over the size limit with 400, and an empty file', async () => {
    const big = Buffer.concat([SAMPLE.png, Buffer.alloc(64 * 1024)]);
    const response = await upload(service, big, 'big.png');
    expect(response.status).toBe(400);
    expect((await json<{ errors: { message: string }[] }>(response)).errors[0].message).toBe('The image is larger than 0.1 MB.');
    const empty = await upload(service, Buffer.alloc(0), 'empty.png');
    expect(empty.status).toBe(400);
    expect(paths(await json(empty))).toEqual(['file']);
  });

  it('refuses a request that is not multipart, or has no file', async () => {
    const notMultipart = await service.request('/api/catalogue/files', { method: 'POST', json: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(paths(await json(notMultipart))).toEqual(['file']);
    const form = new FormData();
    form.append('note', 'no file here');
    const noFile = await service.request('/api/catalogue/files', { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect((await json<{ errors: { message: string }[] }>(noFile)).errors[0].message).toBe('Choose an image to upload.');
  });

  it('needs a token and a back-office role to upload', async () => {
    expect((await upload(service, SAMPLE.png, 'a.png', 'image/png', { token: null })).status).toBe(401);
    expect((await upload(service, SAMPLE.png, 'a.png', 'image/png', { roles: ['Salesagent'] })).status).toBe(403);
    expect((await upload(service, SAMPLE.png, 'a.png', 'image/png', { roles: ['ServiceProvider'] })).status).toBe(403);
  });
});

describe('GET /api/catalogue/files/{id}', () => {
  it('serves the bytes without a token, with their type and long-lived caching headers', async () => {
    const { url } = await json<{ url: string }>(await upload(service, SAMPLE.gif, 'anim.gif', 'image/gif'));
    const response = await service.request(url, { token: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect(Buffer.from(await response.arrayBuffer()).equals(SAMPLE.gif)).toBe(true);

    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await service.request(url, { token: null, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await service.request('/api/catalogue/files/0b9f3a52-2f43-4a0e-9d59-0f4a4d1c3c11', { token: null })).status).toBe(404);
    const bad = await service.request('/api/catalogue/files/not-a-uuid', { token: null });
    expect(bad.status).toBe(400);
    expect(paths(await json(bad))).toEqual(['id']);
  });
});
