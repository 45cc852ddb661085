import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { SERVICE_NAMES } from '@backoffice/contracts';
import { mergeOpenApi } from '../src/docs/merge-openapi';
import { documentRouteAccess } from '../src/docs/route-access';
import { buildServiceDocuments } from './service-documents';

/*
 * The merged OpenAPI document, built in-process from every service's Nest app in preview mode (its
 * modules and controllers read, nothing connected), exactly as each service builds its /openapi.json
 * and the gateway merges them.
 */
let merged: ReturnType<typeof mergeOpenApi>;

type Operation = {
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
const operations = () =>
  Object.entries(merged.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  // As the gateway serves it: merged, then each operation's access from the route table.
  merged = documentRouteAccess(mergeOpenApi(await buildServiceDocuments(['gateway', ...SERVICE_NAMES])));
}, 300_000);

it('declares OpenAPI 3.1', () => {
  expect(merged.openapi).toBe('3.1.0');
});

it('is a valid OpenAPI 3.1 document for swagger-parser', async () => {
  // validate() dereferences the document it is given: a copy keeps `merged` as served.
  const api = await SwaggerParser.validate(structuredClone(merged) as never);
  expect(api).toHaveProperty('openapi', '3.1.0');
});

it("has no error and at most 5 warnings under Redocly's recommended rules", async () => {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(merged), absoluteRef: 'openapi.json', config });
  const errors = problems.filter((problem) => problem.severity === 'error');
  expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
  const warnings = problems.filter((problem) => problem.severity === 'warn');
  expect(warnings.map((w) => `${w.ruleId}: ${w.message} at ${w.location[0]?.pointer}`).length).toBeLessThanOrEqual(5);
});

/** Type-checks `files` (name → source, written to a fresh folder) under `strict: true` and otherwise default options. */
function typeCheck(files: Record<string, string>): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'openapi-client-'));
  try {
    for (const [name, source] of Object.entries(files)) writeFileSync(join(folder, name), source);
    const program = ts.createProgram(
      Object.keys(files).map((name) => join(folder, name)),
      { strict: true, noEmit: true },
    );
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${d.file?.fileName.slice(folder.length + 1) ?? ''}:${at ? at.line + 1 : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

it('generates a TypeScript client with openapi-typescript 7 that type-checks under strict, optional request fields left out', async () => {
  // Default options of the generator: no --default-non-nullable false needed.
  const api = astToString(await openapiTS(structuredClone(merged) as never));
  expect(api).toContain('export interface paths');
  // What a storefront writes with it: an order with only the required fields, and the payment call's body.
  const storefront = `import type { components, paths } from './api';
type Body<P extends keyof paths, M extends 'post'> = NonNullable<paths[P][M]> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export const order: Body<'/api/orders', 'post'> = {
  name: 'Ada', contactInfo: '+1 555 0100', address: '1 Main St', zipCode: '10001', city: 'New York', state: 'NY', country: 'US',
  items: [{ itemId: 1 }],
};
export const detail = (answer: components['schemas']['OrderDetail']): string => answer.id;
`;
  expect(typeCheck({ 'api.ts': api, 'storefront.ts': storefront })).toEqual([]);
}, 120_000);

it('puts no default on what a caller sends (client generators would make the field required)', () => {
  const withDefault: string[] = [];
  const seen = new Set<unknown>();
  const visit = (schema: unknown, at: string): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const node = schema as Record<string, unknown>;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const name = node.$ref.split('/').pop()!;
      visit((merged.components.schemas as Record<string, unknown>)[name], name);
    }
    if ('default' in node) withDefault.push(at);
    for (const [key, value] of Object.entries(node)) visit(value, `${at}.${key}`);
  };
  for (const { path, method, operation } of operations()) {
    const { requestBody, parameters } = operation as { requestBody?: unknown; parameters?: unknown };
    visit(requestBody, `${method} ${path} body`);
    visit(parameters, `${method} ${path} parameters`);
  }
  expect(withDefault).toEqual([]);
});

it('gives every operation a summary and its problem answers', () => {
  expect(operations().length).toBeGreaterThan(100);
  for (const { path, method, operation } of operations()) {
    expect(`${method} ${path}: ${operation.summary ?? ''}`).toMatch(/: \S/);
    expect(Object.keys(operation.responses).some((status) => status.startsWith('2'))).toBe(true);
    if (path.includes('{')) expect(operation.responses['404']?.content).toHaveProperty(['application/problem+json']);
  }
});

it('never lets one schema name stand for two schemas', () => {
  const refs = JSON.stringify(merged).match(/#\/components\/schemas\/[\w.-]+/g) ?? [];
  for (const ref of new Set(refs)) expect(merged.components.schemas).toHaveProperty([ref.split('/').pop()!]);
});

const successSchema = (operation: Operation) =>
  Object.entries(operation.responses)
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => Object.values(response.content ?? {})[0]?.schema)
    .find(Boolean);

it('documents the success body of every GET that answers one, and of the routes other systems call', () => {
  const missing = operations()
    .filter(({ method, operation }) => method === 'get' && !('204' in operation.responses) && !successSchema(operation))
    .map(({ method, path }) => `${method} ${path}`);
  expect(missing).toEqual([]);
  for (const [method, path] of [
    ['post', '/api/orders'],
    ['post', '/api/payments'],
    ['post', '/api/auth/token'],
    ['get', '/api/services'],
    ['get', '/api/categories'],
    ['get', '/api/countries'],
    ['get', '/api/geography/lookup'],
  ] as const) {
    const operation = (merged.paths[path] as Record<string, Operation> | undefined)?.[method];
    expect(`${method} ${path}: ${operation && successSchema(operation) ? 'documented' : 'missing'}`).toMatch(/documented$/);
  }
});

it('documents the storefront intake: 201 for a new order, 200 for a retry, the priced order in both', () => {
  const create = (merged.paths['/api/orders'] as Record<string, Operation>).post!;
  expect(create.responses['201']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/OrderDetail' });
  expect(create.responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/OrderDetail' });
  expect(merged.components.schemas).toHaveProperty(['OrderDetail', 'properties', 'items']);
  expect(create.responses['400']?.content).toHaveProperty(['application/problem+json']);
});

it('documents the token endpoint in OAuth 2.0 terms: form or JSON body, RFC 6749 errors, no bearer token', () => {
  const token = (merged.paths['/api/auth/token'] as Record<string, Operation & { requestBody?: { content: object } }>).post!;
  expect(Object.keys(token.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded', 'application/json']);
  expect(token.security).toEqual([]);
  const tokenBody = token.responses['200']?.content?.['application/json']?.schema as { properties?: object };
  expect(Object.keys(tokenBody.properties ?? {})).toEqual(['access_token', 'token_type', 'expires_in', 'scope']);
  expect(token.responses['401']?.content?.['application/json']?.schema).toHaveProperty(['properties', 'error', 'enum']);
});

it('says who may call each operation, as the gateway decides it', () => {
  const at = (path: string, method: string) =>
    (merged.paths[path] as Record<string, Operation & { description?: string; 'x-api-client-scopes'?: string[] }>)[method]!;
  expect(at('/api/orders', 'post')['x-api-client-scopes']).toEqual(['orders:write']);
  expect(at('/api/orders', 'post').description).toMatch(/API clients with the scope `orders:write`/);
  expect(at('/api/payments', 'post')['x-api-client-scopes']).toEqual(['payments:write']);
  expect(at('/api/identity/users', 'post')['x-api-client-scopes']).toEqual([]);
  // Staff or geography:read, on geography's own port as through the gateway (services use /internal/geography/lookup).
  expect(at('/api/geography/lookup', 'get').security).toEqual([{ bearer: [] }]);
  expect(at('/api/geography/lookup', 'get').responses['401']).toBeDefined();
  expect(at('/api/auth/token', 'post').security).toEqual([]);
  // The roles the service enforces (orders' @Roles('Manager') on submit): no ServiceProvider.
  expect((at('/api/client-services/submit', 'post') as { 'x-roles'?: string[] })['x-roles']).toEqual(['Admin', 'Manager']);
  expect((at('/api/client-services', 'get') as { 'x-roles'?: string[] })['x-roles']).toEqual(['Admin', 'Manager', 'ServiceProvider']);
});
