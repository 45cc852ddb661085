import { readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { CLIENT_SERVICE_FILE_MAX_BYTES } from '@backoffice/contracts';
import type { TestService } from '@backoffice/platform/testing';
import {
  SAMPLE,
  startCatalogue,
  upload as uploadImage,
  type CatalogueTestService,
} from '../../services/catalogue/test/catalogue-test-service';
import { json, sheet, sql, startCrm, upload as uploadSheet, type CrmStack } from '../../services/crm/test/crm-test-kit';
import { workbookParts, zip } from '../../services/crm/test/hostile-zip';
import { seedCatalogue, seedOrder, startOrders, tokenFor } from '../../services/orders/test/orders-test-kit';
import { topicPrefix } from './security-kit';

/*
 * Hostile uploads to each place that takes files: the lead spreadsheets (crm), catalogue images and
 * the files of a client service (orders). A file is judged by its bytes, never its name or declared
 * type: each is refused with a 400 (413 for a body over the size limit) whose message says what is
 * wrong, and leaves nothing behind, or, where the bytes really are what they say, is stored under
 * a safe name and served so that a browser can never run it.
 */

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
);
const JPEG = SAMPLE.jpeg;
const PNG = SAMPLE.png;
const PDF = SAMPLE.pdf;

describe('lead spreadsheets (crm)', () => {
  let stack: CrmStack;
  const LIMIT = 2 * 1024 * 1024;

  beforeAll(async () => {
    stack = await startCrm({ CRM_UPLOAD_MAX_BYTES: String(LIMIT), KAFKA_TOPIC_PREFIX: topicPrefix() });
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const stored = async () => ({
    rows: (await sql<{ n: number }>(stack.api, 'select count(*)::int as n from lead_uploads'))[0].n,
    files: readdirSync(stack.uploadDir).length,
  });

  /** Uploads and expects a clear refusal on the file field, with nothing kept. */
  async function refused(bytes: Buffer, name: string): Promise<string> {
    const before = await stored();
    const response = await uploadSheet(stack.api, bytes, name);
    const body = await json<{ errors?: { path: string; message: string }[]; detail?: string }>(response);
    expect({ name, status: response.status }).toEqual({ name, status: 400 });
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(body.errors?.[0]?.path).toBe('file');
    expect(await stored()).toEqual(before);
    return body.errors![0].message;
  }

  it('refuses a PDF, a PNG, a JPEG and an HTML page renamed to .xlsx, saying what the file is not', async () => {
    expect(await refused(PDF, 'leads.xlsx')).toBe('The file is a PDF, not an xlsx spreadsheet.');
    expect(await refused(PNG, 'leads.xlsx')).toMatch(/not an xlsx spreadsheet/);
    expect(await refused(JPEG, 'leads.xlsx')).toMatch(/not an xlsx spreadsheet/);
    expect(await refused(HTML, 'leads.xlsx')).toMatch(/not an xlsx spreadsheet/);
    // A zip that is no workbook (a renamed .docx) is no better.
    expect(await refused(zip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]), 'leads.xlsx')).toMatch(/not an xlsx/);
  });

  it('refuses zip bombs before inflating them: a high ratio, a lying directory, too many parts', async () => {
    const rssBefore = process.memoryUsage().rss;
    // 64 MB of zeros deflate to about 64 KB: a thousandfold.
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const bomb = zip([...workbookParts, { name: 'xl/worksheets/sheet1.xml', data: zeros }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await refused(bomb, 'bomb.xlsx')).toMatch(/inflates \d+ times/);
    // The same part declaring a small size: found out when read, and refused as damaged.
    const liar = zip([
      ...workbookParts,
      { name: 'xl/worksheets/sheet1.xml', data: zeros.subarray(0, 8 * 1024 * 1024), declaredSize: 1000 },
    ]);
    expect(await refused(liar, 'liar.xlsx')).toMatch(/damaged|inflates/);
    const many = zip([
      ...workbookParts,
      ...Array.from({ length: 600 }, (_, i) => ({ name: `xl/media/p${i}.xml`, data: Buffer.from('<p/>') })),
    ]);
    expect(await refused(many, 'parts.xlsx')).toMatch(/at most \d+ are accepted/);
    // Nothing was inflated into memory (a bomb would take gigabytes).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(512 * 1024 * 1024);
  });

  it('refuses a file over the size limit with a message naming the limit', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => [
      '',
      `${randomUUID()}`,
      `${randomUUID()}`,
      '',
      '',
      '',
      '',
      `x${i}@big.test`,
      '',
      randomUUID(),
    ]);
    const big = await sheet(rows);
    expect(big.length).toBeGreaterThan(LIMIT);
    expect(await refused(big, 'big.xlsx')).toMatch(/larger than 2 MB/);
  });

  it('keeps a real workbook under a safe name, whatever name it came with', async () => {
    const good = await sheet([['', 'Ann', 'Lee', '', '', '', '', 'ann@x.test', '', '']]);
    for (const [name, shown] of [
      ['../../../etc/passwd.xlsx', 'passwd.xlsx'],
      ['C:\\\\Windows\\\\evil.xlsx', 'evil.xlsx'],
      ['report\u202Exslx.exe', 'reportxslx.exe'],
      ['<img src=x onerror=alert(1)>.xlsx', '<img src=x onerror=alert(1)>.xlsx'],
    ]) {
      const response = await uploadSheet(stack.api, good, name);
      expect({ name, status: response.status }).toEqual({ name, status: 201 });
      const record = await json<{ id: number; name: string }>(response);
      expect({ name, shown: record.name }).toEqual({ name, shown });
    }
    // On disk, every file has a name of the service's own making.
    expect(readdirSync(stack.uploadDir).every((file) => /^[0-9a-f-]{36}\.xlsx$/.test(file))).toBe(true);
  });
});

describe('catalogue images', () => {
  let catalogue: CatalogueTestService;

  beforeAll(async () => {
    catalogue = await startCatalogue({ FILE_MAX_BYTES: String(256 * 1024), KAFKA_TOPIC_PREFIX: topicPrefix() });
  }, 60_000);

  afterAll(async () => {
    await catalogue?.close();
  }, 120_000);

  const files = () => readdirSync(catalogue.fileStoreDir, { recursive: true }).length;

  it.each([
    ['an HTML page named .png', HTML, 'photo.png', 'image/png'],
    ['an HTML page named .gif', HTML, 'photo.gif', 'image/gif'],
    ['an SVG with a script named .png', SVG, 'logo.png', 'image/png'],
    ['a PDF named .jpg', PDF, 'scan.jpg', 'image/jpeg'],
  ])('refuses %s, by its content, with a clear message', async (_name, bytes, name, type) => {
    const before = files();
    const response = await uploadImage(catalogue, bytes, name, type);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { path: string; message: string }[] };
    expect(body.errors).toEqual([{ path: 'file', message: expect.stringMatching(/Only GIF, JPEG and PNG/) }]);
    expect(files()).toBe(before);
  });

  it('refuses an image over the size limit', async () => {
    const response = await uploadImage(catalogue, Buffer.concat([PNG, Buffer.alloc(300 * 1024)]), 'huge.png');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0].message).toMatch(/larger than/);
  });

  it('serves even a GIF that carries HTML after its header as an image a browser will not run', async () => {
    const polyglot = Buffer.concat([Buffer.from('GIF89a'), HTML]);
    const response = await uploadImage(catalogue, polyglot, 'trick.html', 'text/html');
    const body = (await response.json()) as { url: string; errors?: { path: string }[] };
    if (response.status === 400) {
      // Refused outright: as good.
      expect(body.errors?.[0]?.path).toBe('file');
      return;
    }
    expect(response.status).toBe(201);
    const { url } = body;
    const served = await fetch(`${catalogue.url}${url}`);
    await served.arrayBuffer();
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
  });
});

describe('client service files (orders)', () => {
  let orders: TestService;
  let clientServiceId: string;
  const manager = tokenFor(['Manager']);

  beforeAll(async () => {
    orders = await startOrders({ KAFKA_TOPIC_PREFIX: topicPrefix() });
    await seedCatalogue(orders, [{ id: 5, name: 'Visa', price: 10 }]);
    const orderId = await seedOrder(orders, [{ itemId: 5, itemName: 'Visa', amount: 10 }]);
    const submitted = await orders.request('/api/client-services/submit', { method: 'POST', json: { orderId, itemId: 5 }, token: manager });
    clientServiceId = ((await submitted.json()) as { clientServiceId: string }).clientServiceId;
  }, 60_000);

  afterAll(async () => {
    await orders?.close();
  });

  const send = (bytes: Buffer, type: string, kind = 'document', name = 'file.bin') =>
    orders.request(`/api/client-services/${clientServiceId}/files?name=${encodeURIComponent(name)}&kind=${kind}`, {
      method: 'POST',
      token: manager,
      body: new Uint8Array(bytes),
      headers: { 'content-type': type },
    });
  const count = async () => {
    const list = await orders.request(`/api/client-services/${clientServiceId}`, { token: manager });
    const detail = (await list.json()) as { files?: unknown[]; uploadedFiles?: unknown[] };
    return (detail.files ?? detail.uploadedFiles ?? []).length;
  };

  it.each([
    ['an HTML page declared as a PNG', HTML, 'image/png', 'transaction'],
    ['an HTML page declared as a PDF', HTML, 'application/pdf', 'document'],
    ['an SVG with a script declared as a PNG', SVG, 'image/png', 'transaction'],
    ['a PDF as a transaction image', PDF, 'application/pdf', 'transaction'],
  ])('refuses %s with a clear message', async (_name, bytes, type, kind) => {
    const before = await count();
    const response = await send(bytes, type, kind);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0].message).toMatch(/must be (an image|a PNG)/);
    expect(await count()).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const response = await send(Buffer.concat([PNG, Buffer.alloc(CLIENT_SERVICE_FILE_MAX_BYTES)]), 'image/png', 'transaction');
    expect(response.status).toBe(413);
    expect(((await response.json()) as { detail: string }).detail).toBeTruthy();
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('refuses an SVG by its declared type without reading it as an image', async () => {
    const response = await send(SVG, 'image/svg+xml', 'transaction');
    expect(response.status).toBe(400);
    await response.arrayBuffer();
  });

  it('serves a stored file with its sniffed type, nosniff and a download-safe name', async () => {
    const response = await send(PNG, 'application/octet-stream', 'transaction', '"><script>x</script>.png');
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const served = await orders.request(url, { token: manager });
    await served.arrayBuffer();
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).not.toMatch(/filename="[^"]*"[^;]/);
  });
});
