import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { SERVICE_NAMES } from '@backoffice/contracts';
import { bySpecificity, deriveRouteTable, renderRouteTable } from '../src/routing/derive-route-table';
import { findRoute, methodsAt, ROUTE_TABLE } from '../src/routing/route-table';
import { documentRouteAccess } from '../src/docs/route-access';
import { buildServiceDocuments } from './service-documents';

/*
 * The gateway's route table is generated from the services' controllers: each service's OpenAPI document carries the
 * roles, scopes and body limit its @Public/@Roles/@Scopes/@BodyLimit declare (and its AccessGuard enforces). This test
 * fails while the committed route-table.generated.ts differs from what the controllers declare; `npm run routes` runs
 * it with UPDATE_ROUTE_TABLE=1, which rewrites the file instead.
 */
const GENERATED = join(__dirname, '../src/routing/route-table.generated.ts');
let documents: Awaited<ReturnType<typeof buildServiceDocuments<(typeof SERVICE_NAMES)[number]>>>;

beforeAll(async () => {
  documents = await buildServiceDocuments(SERVICE_NAMES);
}, 300_000);

it('is the table the services’ controllers declare (run `npm run routes` after changing one)', async () => {
  const source = await format(renderRouteTable(deriveRouteTable(documents)), { ...(await resolveConfig(GENERATED)), filepath: GENERATED });
  if (process.env.UPDATE_ROUTE_TABLE === '1') writeFileSync(GENERATED, source);
  expect(readFileSync(GENERATED, 'utf8')).toBe(source);
});

it('puts the most specific path first, so no route is hidden behind another', () => {
  const disorder = ROUTE_TABLE.slice(1)
    .map((rule, i) => [ROUTE_TABLE[i]!, rule] as const)
    .filter(([before, after]) => bySpecificity(before, after) > 0)
    .map(([before, after]) => `${before.method} ${before.pattern} before ${after.method} ${after.pattern}`);
  expect(disorder).toEqual([]);
  const hidden = ROUTE_TABLE.filter((rule) => findRoute(rule.method, rule.pattern.replace(/\*/g, '7')) !== rule);
  expect(hidden.map((rule) => `${rule.method} ${rule.pattern}`)).toEqual([]);
  // The order the issue named: a payment route under /api/orders goes to payments.
  expect(findRoute('GET', '/api/orders/7/payments')?.service).toBe('payments');
  expect(findRoute('GET', '/api/orders/7')?.service).toBe('orders');
});

it('routes /api/ alone: no internal/... route and no route no service declares', () => {
  expect(ROUTE_TABLE.filter((rule) => !rule.pattern.startsWith('/api/') || /\/internal\//i.test(rule.pattern))).toEqual([]);
  expect(findRoute('GET', '/internal/orders/7')).toBeUndefined();
  expect(findRoute('GET', '/api/orders/7/nothing-here')).toBeUndefined();
  expect(methodsAt('/api/orders')).toEqual(['GET', 'POST']);
});

it('documents in the merged reference the same roles and scopes each service publishes for its operations', () => {
  const differ: string[] = [];
  for (const { service, doc } of documents) {
    const own = structuredClone(doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
    const documented = documentRouteAccess({ paths: structuredClone(own) }).paths;
    for (const [path, item] of Object.entries(own)) {
      for (const [method, operation] of Object.entries(item)) {
        const gateway = documented[path]![method]!;
        for (const key of ['x-roles', 'x-api-client-scopes']) {
          if (JSON.stringify(operation[key]) !== JSON.stringify(gateway[key]))
            differ.push(`${service} ${method} ${path} ${key}: ${JSON.stringify(operation[key])} vs ${JSON.stringify(gateway[key])}`);
        }
      }
    }
  }
  expect(differ).toEqual([]);
});
