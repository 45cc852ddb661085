/** The parts of an OpenAPI document the merge touches. */
export interface OpenApiDoc {
  openapi?: string;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
}

const REF = '#/components/schemas/';

function renameRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((inner) => renameRefs(inner, renames));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(REF)) {
        const name = inner.slice(REF.length);
        out[key] = REF + (renames.get(name) ?? name);
      } else {
        out[key] = renameRefs(inner, renames);
      }
    }
    return out;
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One OpenAPI 3.1 document from the services' own. A schema name two services use for different
 * schemas is prefixed with the service's name in each of them (and in every reference to it), so no
 * name ever stands for two schemas; an identical schema (the problem body) is kept once.
 */
/** What each tag of the API reference groups (Swagger UI shows it under the tag's name). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  appointments: 'Appointment settings of the branches: hours, slots and adjusted dates.',
  audit: "The audit log: who changed what and when; one record's own history.",
  auth: 'Signing in and out, refreshing the session, and OAuth 2.0 client-credentials tokens for API clients.',
  branches: 'The branches where services are delivered.',
  'catalogue files': 'Images and files uploaded for the catalogue.',
  categories: 'Categories of the service catalogue.',
  'client services': 'The services delivered on orders, their status and files.',
  clients: 'Client (customer) accounts.',
  config: 'What the console needs to know at start: currency, map tiles.',
  dashboard: 'Figures of the dashboards.',
  geography:
    'Countries, states, cities, boroughs and areas, with their tax rates, shipping fees and zip codes; the tax and shipping lookup.',
  identity: 'Staff users, roles, API clients and identity settings.',
  leads: 'Sales leads: imports from spreadsheets, assignment, pipeline and notes.',
  orders: 'Orders and their items.',
  payments: 'Payments of orders, their transactions and card settlement.',
  reports: 'Sales reports.',
  'service files': 'Files attached to catalogue services.',
  services: 'The service catalogue.',
  'site-reviews': 'Reviews shown on the website.',
  'web-pages': 'Website pages and their articles.',
  webhooks: 'Webhook subscriptions, their deliveries, tests, resends and replays.',
};

export function mergeOpenApi(parts: { service: string; doc: OpenApiDoc }[], unavailable: string[] = []) {
  const owners = new Map<string, { service: string; schema: unknown }[]>();
  for (const { service, doc } of parts) {
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      owners.set(name, [...(owners.get(name) ?? []), { service, schema }]);
    }
  }
  const clashing = new Set(
    [...owners].filter(([, list]) => list.some((entry) => !same(entry.schema, list[0]!.schema))).map(([name]) => name),
  );
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const tags = new Map<string, { name: string; description?: string }>();
  for (const { service, doc } of parts) {
    const renames = new Map([...clashing].map((name) => [name, `${service}_${name}`]));
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (paths[path]) throw new Error(`two services document ${path}`);
      const renamed = renameRefs(item, renames) as Record<string, { operationId?: string }>;
      // Two services may both have a CountriesController_list: the service's name keeps each id unique.
      for (const operation of Object.values(renamed)) {
        if (operation && typeof operation === 'object' && operation.operationId)
          operation.operationId = `${service}_${operation.operationId}`;
      }
      paths[path] = renamed;
    }
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      schemas[renames.get(name) ?? name] = renameRefs(schema, renames);
    }
    for (const tag of doc.tags ?? []) tags.set(tag.name, tag);
  }
  const usedTags = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as Record<string, { tags?: string[] }>)) {
      for (const tag of operation?.tags ?? []) usedTags.add(tag);
    }
  }
  for (const name of usedTags) if (!tags.has(name)) tags.set(name, { name });
  for (const tag of tags.values()) tag.description ??= TAG_DESCRIPTIONS[tag.name] ?? `The ${tag.name} routes.`;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back-office API',
      version: '1',
      description:
        'Every route of the product behind its gateway. Errors are RFC 9457 problem details (application/problem+json). ' +
        'Staff sign in at POST /api/auth/login; other systems get a token with client credentials at POST /api/auth/token.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This gateway' }],
    tags: [...tags.values()].sort((a, b) => a.name.localeCompare(b.name)),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    ...(unavailable.length ? { 'x-unavailable-services': unavailable } : {}),
  };
}
