import { SetMetadata, type INestApplication } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ApiOperation, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { z } from 'zod';
import { ProblemSchema, zodToJsonSchemaComponent } from '@backoffice/contracts';
import type { ApiScope, Role } from '@backoffice/contracts';
import { BODY_LIMIT_KEY, IS_PUBLIC, ROLES_KEY, SCOPES_KEY, type ConfiguredBodyLimit } from '../auth/decorators';

export const API_RESULT = 'platform:api-result';

export interface ApiResultOptions {
  /** Success status; the route's @HttpCode, else 201 for a POST and 200 for the rest. */
  status?: number;
  /** One line saying what the operation does. */
  summary?: string;
  /** Media type of the answer (a CSV export, a file). Defaults to application/json. */
  contentType?: string;
  /** What the success answer is, when more than "Success." helps. */
  description?: string;
  /** Other success statuses answering the same body, each with what it means (a retry answered 200 instead of 201). */
  also?: Record<number, string>;
  /** The request body, for a handler that reads it itself (several media types, its own parsing). */
  requestBody?: { schema: z.ZodType; contentTypes: string[] };
  /** Error answers of the route's own shape (not problem details), replacing the problem answer of that status. */
  errors?: Record<number, { description: string; schema: z.ZodType; contentType?: string }>;
}

export interface ApiResultMetadata extends ApiResultOptions {
  schema: z.ZodType | null;
}

/**
 * Documents what a route answers: the zod schema of its success body (null for no body) and a summary.
 * The OpenAPI document takes the response schema from it, so the contract and the docs are the same object.
 */
export const ApiResult = (schema: z.ZodType | null, options: ApiResultOptions = {}) =>
  SetMetadata(API_RESULT, { schema, ...options } satisfies ApiResultMetadata);

/**
 * Marks a GET that changes state, kept at the path the specification's clients call, as deprecated in the
 * OpenAPI document, naming the POST twin new clients use (docs/decisions/0005-spec-get-paths-kept.md).
 */
export const DeprecatedGet = (twin: string) =>
  ApiOperation({
    deprecated: true,
    description: `Kept for the specification's clients: a GET that changes state. New clients call \`POST ${twin}\`, its twin.`,
  });

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  summary?: string;
  parameters?: Json[];
  requestBody?: unknown;
  responses?: Record<string, Json>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
const ERRORS: Record<string, string> = {
  '400': 'The request is not valid (field errors name what is wrong).',
  '401': 'No valid access token.',
  '403': 'The token does not allow this operation.',
  '404': 'No such record.',
};

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), named sub-schemas moved into `components`. */
export const zodToOpenApi = (schema: z.ZodType, components: Json): Json =>
  zodToJsonSchemaComponent(schema, components, { target: 'draft-2020-12', refBase: '#/components/schemas/' });

/** "markPaid" → "Mark paid". */
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/** A summary for a route that has none: the handler's name and what the path is about. */
function defaultSummary(method: string, path: string, handler: string): string {
  const resource = path
    .split('/')
    .filter((part) => part && part !== 'api' && !part.startsWith('{'))
    .join(' ')
    .replace(/-/g, ' ');
  const action = words(handler);
  return resource ? `${action} (${resource})` : `${action} (${method.toUpperCase()} ${path})`;
}

interface Handler {
  target: object;
  handler: (...args: unknown[]) => unknown;
}

/** Controller methods by the operationId Nest's swagger gives them (`Controller_method`). */
function handlersByOperationId(app: INestApplication): Map<string, Handler> {
  const found = new Map<string, Handler>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const metatype = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!metatype?.prototype) continue;
      for (const key of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler = (metatype.prototype as Record<string, unknown>)[key];
        if (key !== 'constructor' && typeof handler === 'function') {
          found.set(`${metatype.name}_${key}`, { target: metatype, handler: handler as Handler['handler'] });
        }
      }
    }
  }
  return found;
}

/** The route's own metadata, else its controller's (as the AccessGuard reads them). */
const declared = <T>(key: string, { handler, target }: Handler): T | undefined =>
  (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, target) as T | undefined);

/**
 * Who may call an operation, as its controller declares it and the service enforces it (@Public, @Roles, @Scopes), and
 * its body limit (@BodyLimit): published on the operation as `x-roles` (`any`: any signed-in staff user; Admin always
 * may), `x-api-client-scopes` and `x-body-limit`. The gateway's route table is generated from these.
 */
function declareAccess(operation: Operation, found: Handler, isPublic: boolean): void {
  if (!isPublic) {
    const roles = declared<Role[]>(ROLES_KEY, found);
    operation['x-roles'] = roles?.length ? [...new Set<Role>(['Admin', ...roles])] : ['any'];
    operation['x-api-client-scopes'] = [...(declared<ApiScope[]>(SCOPES_KEY, found) ?? [])];
  }
  const limit = declared<number | ConfiguredBodyLimit>(BODY_LIMIT_KEY, found);
  if (limit !== undefined) operation['x-body-limit'] = limit;
}

/**
 * Completes a service's generated document: OpenAPI 3.1, a summary on every operation, its success
 * schema from @ApiResult, and the problem+json answers its guards and pipes can give (400 where it takes
 * input, 401/403 unless public, 404 where the path names a record).
 */
export function completeOpenApi(app: INestApplication, raw: OpenAPIObject): OpenAPIObject {
  const doc = cleanupOpenApiDoc({ ...raw, openapi: '3.1.0' }, { version: '3.1' }) as unknown as Json & {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Json };
  };
  doc.openapi = '3.1.0';
  doc.components ??= { schemas: {} };
  doc.components.schemas ??= {};
  const schemas = doc.components.schemas;
  doc.security = [{ bearer: [] }];
  schemas.Problem = zodToOpenApi(ProblemSchema, schemas);
  const handlers = handlersByOperationId(app);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const found = operation.operationId ? handlers.get(operation.operationId) : undefined;
      const meta = found ? (Reflect.getMetadata(API_RESULT, found.handler) as ApiResultMetadata | undefined) : undefined;
      const isPublic = found ? Boolean(declared<boolean>(IS_PUBLIC, found)) : false;
      if (found) declareAccess(operation, found, isPublic);
      const handlerName = operation.operationId?.split('_').slice(1).join('_') ?? method;
      operation.summary ||= meta?.summary ?? defaultSummary(method, path, handlerName);
      const responses: Record<string, Json> = { ...(operation.responses ?? {}) };
      const generated = Object.keys(responses).filter((status) => status.startsWith('2'));
      if (meta) {
        for (const status of generated) delete responses[status];
        const httpCode = found ? (Reflect.getMetadata(HTTP_CODE_METADATA, found.handler) as number | undefined) : undefined;
        const status = String(meta.status ?? httpCode ?? (method === 'post' ? 201 : 200));
        const body =
          meta.schema === null ? undefined : { [meta.contentType ?? 'application/json']: { schema: zodToOpenApi(meta.schema, schemas) } };
        responses[status] = body
          ? { description: meta.description ?? 'Success.', content: body }
          : { description: meta.description ?? (status === '204' ? 'Done; no content.' : 'Done.') };
        for (const [other, description] of Object.entries(meta.also ?? {})) {
          responses[other] = body ? { description, content: body } : { description };
        }
      } else {
        for (const status of generated) responses[status] = { description: 'Success.', ...responses[status] };
        if (!generated.length) responses['200'] = { description: 'Success.' };
      }
      for (const status of Object.keys(responses)) if (!responses[status]?.description) responses[status]!.description = 'Answer.';
      if (meta?.requestBody) {
        const schema = zodToOpenApi(meta.requestBody.schema, schemas);
        operation.requestBody = {
          required: true,
          content: Object.fromEntries(meta.requestBody.contentTypes.map((type) => [type, { schema }])),
        };
      }
      for (const [status, error] of Object.entries(meta?.errors ?? {})) {
        responses[status] = {
          description: error.description,
          content: { [error.contentType ?? 'application/json']: { schema: zodToOpenApi(error.schema, schemas) } },
        };
      }
      const takesInput = Boolean(operation.requestBody) || Boolean(operation.parameters?.length);
      const applies: Record<string, boolean> = {
        '400': takesInput,
        '401': !isPublic,
        '403': !isPublic,
        '404': path.includes('{'),
      };
      for (const [status, description] of Object.entries(ERRORS)) {
        if (applies[status] && !responses[status]) {
          responses[status] = { description, content: { 'application/problem+json': { schema: PROBLEM_REF } } };
        }
      }
      operation.responses = responses;
      if (isPublic) operation.security = [];
    }
  }
  moveRequestDefaults(doc);
  return doc as unknown as OpenAPIObject;
}

/**
 * Request schemas without `default`: an optional field that carries one is read as always present by client generators
 * (openapi-typescript makes it required), so a caller would be made to send what it may leave out. The default moves
 * into the field's description. Follows the request bodies' and parameters' `$ref`s into the components.
 */
function moveRequestDefaults(doc: Json & { paths: Record<string, Record<string, Operation>>; components: { schemas: Json } }): void {
  const seen = new Set<unknown>();
  const visit = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (Array.isArray(schema)) return schema.forEach(visit);
    const node = schema as Json;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      visit(doc.components.schemas[node.$ref.slice('#/components/schemas/'.length)]);
    }
    if ('default' in node) {
      const note = `Default: ${JSON.stringify(node.default)}.`;
      node.description = node.description ? `${String(node.description)} ${note}` : note;
      delete node.default;
    }
    for (const value of Object.values(node)) visit(value);
  };
  for (const item of Object.values(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (Operation & { requestBody?: unknown; parameters?: unknown }) | undefined;
      if (!operation) continue;
      visit(operation.requestBody);
      visit(operation.parameters);
    }
  }
}

/** The service's OpenAPI document (also built in tests from an app created with `preview: true`). */
export function buildServiceOpenApi(app: INestApplication, title: string): OpenAPIObject {
  const raw = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle(title).setVersion('1').addBearerAuth().build());
  return completeOpenApi(app, raw);
}
