import { randomUUID } from 'node:crypto';

/*
 * Bad input generated from a service's OpenAPI document: for each POST, PUT and PATCH operation,
 * a sample body built from its schema, then that body spoiled one way at a time (wrong types,
 * missing fields, huge strings, deep nesting, unicode edge cases, SQL and HTML injection), in the
 * body, the path and the query. Nothing here names an endpoint.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  parameters: OpenApiParameter[];
  /** The JSON body's schema, with references resolved; undefined when the operation takes none. */
  body?: JsonSchema;
  /** Content types other than JSON the operation takes (multipart uploads, raw bytes). */
  otherContent: string[];
  /**
   * The operation documents its 400 as a JSON body of its own, not a problem document (the OAuth token
   * endpoint answers RFC 6749 errors): a refusal in that shape is right there.
   */
  ownErrorShape: boolean;
}

export const WRITE_METHODS = ['post', 'put', 'patch'] as const;

export function writeOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of WRITE_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: json ? resolve(doc, json) : undefined,
        otherContent: Object.keys(content).filter((type) => type !== 'application/json'),
        ownErrorShape: Boolean(operation.responses?.['400']?.content?.['application/json']),
      });
    }
  }
  return operations;
}

/** Inlines every $ref (the schemas of request bodies are not recursive). */
export function resolve(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) throw new Error('schema nesting too deep');
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unknown schema ${schema.$ref}`);
    return resolve(doc, target, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolve(doc, v, depth + 1)]));
  }
  if (schema.items) out.items = resolve(doc, schema.items, depth + 1);
  if (schema.anyOf) out.anyOf = schema.anyOf.map((s) => resolve(doc, s, depth + 1));
  if (schema.oneOf) out.oneOf = schema.oneOf.map((s) => resolve(doc, s, depth + 1));
  if (schema.allOf) out.allOf = schema.allOf.map((s) => resolve(doc, s, depth + 1));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.additionalProperties = resolve(doc, schema.additionalProperties, depth + 1);
  }
  return out;
}

const unique = () => randomUUID().slice(0, 8);

/** Strings that satisfy the usual patterns (the first one a pattern accepts is used). */
const PATTERN_SAMPLES = () => [
  'US',
  '840',
  '2026-03-16',
  '09:00',
  '17:00',
  '+1 212 555 0100',
  `/api/catalogue/files/${randomUUID()}`,
  new Date().toISOString(),
  'sample',
];

const typeOf = (schema: JsonSchema): string | undefined =>
  schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : schema.enum ? 'string' : undefined);

/**
 * A value the schema accepts, as far as a schema can say (ids may still name nothing). Objects get
 * their required properties, and at the top the optional ones named in `extras` (rules a schema
 * cannot express, such as "a title is required", are learnt by asking the service: see probe).
 */
export function sample(schema: JsonSchema, name = 'value', extras: readonly string[] = []): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.length) return sample(schema.anyOf[0], name);
  if (schema.oneOf?.length) return sample(schema.oneOf[0], name);
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email' || /e-?mail|username/i.test(name)) return `sample.${unique()}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        // An end comes after a start.
        const candidates = /end|until|to$/i.test(name) ? [...PATTERN_SAMPLES()].reverse() : PATTERN_SAMPLES();
        const match = candidates.find((candidate) => pattern.test(candidate));
        if (match) return match;
      }
      if (/password|passCode/i.test(name)) return `Pw-${unique()}-Aa1!`;
      if (/phone/i.test(name)) return '+1 212 555 0100';
      const text = `Sample ${name} ${unique()}`;
      return schema.maxLength ? text.slice(0, schema.maxLength) : text;
    }
    case 'integer':
    case 'number': {
      const low = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
      const floor = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : low;
      const value = Math.max(floor, 1);
      return typeof schema.maximum === 'number' ? Math.min(value, schema.maximum) : value;
    }
    case 'boolean':
      return true;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => sample(schema.items ?? { type: 'string' }, name));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of [...(schema.required ?? []), ...extras]) out[key] = sample(schema.properties?.[key] ?? { type: 'string' }, key);
      return out;
    }
    default:
      return 'sample';
  }
}

/** A place in a body: property names, and 0 for "the first item of an array". */
export type FieldPath = (string | number)[];

export interface Field {
  path: FieldPath;
  schema: JsonSchema;
  required: boolean;
}

/** Every field of an object schema, nested objects and objects in arrays included. */
export function fields(schema: JsonSchema, prefix: FieldPath = []): Field[] {
  const out: Field[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    out.push({ path, schema: child, required: (schema.required ?? []).includes(key) });
    if (typeOf(child) === 'object' && child.properties) out.push(...fields(child, path));
    if (typeOf(child) === 'array' && child.items && typeOf(child.items) === 'object' && child.items.properties) {
      out.push(...fields(child.items, [...path, 0]));
    }
  }
  return out;
}

/** A copy of `body` with the value at `path` set (containers on the way are filled from the schema). */
export function withValue(schema: JsonSchema, body: unknown, path: FieldPath, value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  let nodeSchema = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    const childSchema = (typeof key === 'number' ? nodeSchema.items : nodeSchema.properties?.[key]) ?? {};
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') {
      node[key] = typeOf(childSchema) === 'array' ? [sample(childSchema.items ?? {}, String(key))] : sample(childSchema, String(key));
    }
    if (Array.isArray(node[key]) && (node[key] as unknown[]).length === 0 && typeof path[i + 1] === 'number') {
      (node[key] as unknown[]).push(sample(childSchema.items ?? {}, String(key)));
    }
    node = node[key] as Record<string | number, unknown>;
    nodeSchema = childSchema;
  }
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

export const pathText = (path: FieldPath) => path.join('.');

/** Whether a field takes any text (as opposed to an enum, a pattern, a format or a non-string). */
export function isFreeText(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(isFreeText);
  return typeOf(schema) === 'string' && !schema.enum && !schema.pattern && !schema.format;
}

/** Values of the wrong JSON type for a field. */
export function wrongTypes(schema: JsonSchema): { label: string; value: unknown }[] {
  const object = { label: 'an object with an operator', value: { $gt: '' } };
  const list = { label: 'an array', value: ['x', 1] };
  switch (typeOf(schema)) {
    case 'string':
      return schema.anyOf ? [object, list] : [{ label: 'a number', value: 12345 }, object, list, { label: 'a boolean', value: true }];
    case 'integer':
      return [
        { label: 'a word', value: 'twelve' },
        // Loose values a lenient parser would coerce into a number and store.
        { label: 'true', value: true },
        { label: '[1]', value: [1] },
        { label: 'a hex string', value: '0x10' },
        { label: 'digits with spaces', value: ' 7 ' },
        { label: 'digits as a string', value: '7' },
        { label: 'a fraction', value: 1.5 },
        { label: 'a huge number', value: 1e300 },
        { label: 'a negative number', value: -7 },
        object,
        list,
      ];
    case 'number':
      return [
        { label: 'a word', value: 'twelve' },
        { label: 'a huge number', value: 1e300 },
        { label: 'true', value: true },
        { label: 'an amount as a string', value: '10.5' },
        object,
        list,
      ];
    case 'boolean':
      return [{ label: 'a word', value: 'yes' }, { label: 'a number', value: 2 }, object];
    case 'array':
      return [
        { label: 'a string', value: 'x' },
        { label: 'a number', value: 5 },
        { label: 'an object', value: { 0: 'x' } },
      ];
    case 'object':
      return [{ label: 'a string', value: 'x' }, { label: 'a number', value: 5 }, list];
    default:
      return [object];
  }
}

/** Values that are of the right type but out of bounds, where the schema says what the bounds are. */
export function outOfBounds(schema: JsonSchema): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [];
  const type = typeOf(schema);
  if (schema.enum && type === 'string') out.push({ label: 'a value outside the list', value: 'NotOnTheList' });
  if (type === 'string' && schema.maxLength !== undefined) {
    out.push({ label: `a string of ${schema.maxLength + 1} characters`, value: 'x'.repeat(schema.maxLength + 1) });
  }
  if (type === 'string' && schema.minLength) out.push({ label: 'an empty string', value: '' });
  if ((type === 'integer' || type === 'number') && typeof schema.maximum === 'number') {
    out.push({ label: 'a number above the maximum', value: schema.maximum + 1 });
  }
  if (type === 'array' && schema.maxItems !== undefined && schema.maxItems <= 10_000) {
    out.push({
      label: `${schema.maxItems + 1} items`,
      value: Array.from({ length: schema.maxItems + 1 }, () => sample(schema.items ?? {})),
    });
  }
  return out;
}

/** 1,000 levels of arrays, or of objects. */
export const deepArray = (levels = 1000): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
export const deepObject = (levels = 1000): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

export const UNICODE_EDGES = [
  { label: 'a NUL character', value: 'before\u0000after' },
  { label: 'a lone surrogate', value: 'before\ud800after' },
  { label: 'a right-to-left override', value: 'invoice\u202Efdp.exe' },
];

export const SQL_INJECTIONS = ["' OR '1'='1", 'x; DROP TABLE users; --', "'); DELETE FROM outbox; --", '1 UNION SELECT NULL, version() --'];
export const HTML_INJECTIONS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];
/** What shows that hostile markup was stored (and not as inert text, or sanitised away). */
export const SCRIPT_MARKERS = ['<script', 'onerror=', 'onload=', 'javascript:'];

/** Bad values for a path or query parameter. */
export interface BadParameter {
  label: string;
  value: string;
  /** Put in the address as it is (not percent-encoded). */
  raw?: boolean;
  /** Statuses that are right besides 400 (a path segment too long is 414 URI Too Long). */
  alsoAccept?: number[];
  /** Legitimate text for a parameter that takes any text (a file name may well be "1' OR '1'='1"). */
  textual?: boolean;
}

export function badParameterValues(schema: JsonSchema | undefined): BadParameter[] {
  const type = schema ? typeOf(schema) : undefined;
  const values: BadParameter[] = [
    { label: 'SQL injection', value: "1' OR '1'='1", textual: true },
    { label: 'a statement', value: '1; DROP TABLE users', textual: true },
    { label: 'markup', value: '<script>alert(1)</script>', textual: true },
    { label: 'a NUL character', value: '1\u0000' },
    { label: 'a right-to-left override', value: '1\u202E' },
    { label: 'a broken percent escape', value: '%E0%A4%A', raw: true, textual: true },
    { label: 'a huge string', value: 'x'.repeat(4000), alsoAccept: [414] },
  ];
  if (type === 'integer' || type === 'number') {
    values.push({ label: 'a word', value: 'abc' }, { label: 'a negative number', value: '-1' }, { label: 'a fraction', value: '1.5' });
    values.push({ label: 'a huge number', value: '99999999999999999999' });
  }
  if (schema?.format === 'uuid') values.push({ label: 'a near-UUID', value: `${randomUUID()}x` });
  return values;
}

/** A sample value for a path or query parameter. */
export function parameterSample(parameter: OpenApiParameter): string {
  return String(sample(parameter.schema ?? { type: 'string' }, parameter.name));
}
