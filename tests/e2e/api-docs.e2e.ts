import { expect, test } from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { adminToken } from './fixtures';

/*
 * The API reference for other systems, on the whole stack: the page renders every service's routes
 * under its own content security policy with nothing loaded from elsewhere, and the answers of real
 * GET requests are what the document says they are (contract test).
 */

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
  'x-unavailable-services'?: string[];
}
interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

async function openApi(baseURL: string): Promise<Doc> {
  const response = await fetch(`${baseURL}/api/docs/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Doc;
}

test('/api/docs renders every route in Swagger UI under its own policy, loading nothing from another origin', async ({ page, baseURL }) => {
  const refused: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  const doc = await openApi(baseURL!);
  expect(doc['x-unavailable-services'] ?? []).toEqual([]);

  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Back-office API/ })).toBeVisible();
  // Operations of several services, as Swagger UI lists them.
  for (const path of ['/api/orders', '/api/payments', '/api/auth/token', '/api/countries', '/api/services']) {
    await expect(page.locator(`.opblock-summary-path[data-path="${path}"]`).first()).toBeAttached();
  }
  // An operation opens with who may call it and its answers, the success body's example built from its schema.
  const create = page.locator('#operations-orders-orders_OrdersController_create');
  await create.locator('.opblock-summary').click();
  await expect(create).toContainText('API clients with the scope orders:write');
  await expect(create).toContainText('The order was taken, priced with tax and shipping.');
  await expect(create).toContainText('"invoiceNumber"');
  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test('real GET answers validate against their OpenAPI schema (every list, and one record of each)', async ({ baseURL }) => {
  const doc = await openApi(baseURL!);
  const token = await adminToken(baseURL!);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validatorOf = (schema: object) => ajv.compile({ ...schema, components: doc.components });
  const jsonSchema = (operation: Operation) => operation.responses['200']?.content?.['application/json']?.schema;

  const checked: string[] = [];
  const failures: string[] = [];
  const firstIds = new Map<string, unknown>();
  const check = async (path: string, schema: object) => {
    const response = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
    // Admin may call every staff route; a route for another role only (a sales agent's own leads) is not checked here.
    if (response.status === 403) return undefined;
    if (response.status !== 200) return void failures.push(`GET ${path}: ${response.status}`);
    const body: unknown = await response.json();
    const validate = validatorOf(schema);
    if (!validate(body)) failures.push(`GET ${path}: ${ajv.errorsText(validate.errors?.slice(0, 3))}`);
    checked.push(path);
    return body;
  };

  // Lists and other reads that need no parameter.
  for (const [path, item] of Object.entries(doc.paths)) {
    const schema = item.get && jsonSchema(item.get);
    if (!schema || path.includes('{') || item.get!.parameters?.some((p) => p.required)) continue;
    const body = (await check(path, schema)) as { items?: { id?: unknown }[] } | { id?: unknown }[] | undefined;
    const first = Array.isArray(body) ? body[0] : body?.items?.[0];
    if (first && typeof first === 'object' && first.id !== undefined) firstIds.set(path, first.id);
  }
  // One record of each list that has one: `/api/x/{id}` after `/api/x`.
  for (const [path, item] of Object.entries(doc.paths)) {
    const match = /^(.*)\/\{(\w+)\}$/.exec(path);
    const schema = item.get && jsonSchema(item.get);
    if (!match || !schema || !firstIds.has(match[1]!)) continue;
    await check(`${match[1]}/${encodeURIComponent(String(firstIds.get(match[1]!)))}`, schema);
  }

  expect(failures).toEqual([]);
  // The demo data gives most lists a record: a fair share of the reads is checked, records included.
  expect(checked.length).toBeGreaterThanOrEqual(25);
  expect(checked.filter((path) => /\/[^/]*\d[^/]*$/.test(path)).length).toBeGreaterThanOrEqual(5);
});
