import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { SERVICE_NAMES } from '@backoffice/contracts';
import { buildServiceOpenApi } from '@backoffice/platform';
import { mergeOpenApi, type OpenApiDoc } from '../src/docs/merge-openapi';

/*
 * The merged OpenAPI document, built in-process from every service's Nest app in preview mode (its
 * modules and controllers read, nothing connected), exactly as each service builds its /openapi.json
 * and the gateway merges them.
 */
let merged: ReturnType<typeof mergeOpenApi>;

type Operation = { summary?: string; responses: Record<string, { content?: Record<string, unknown> }> };
const operations = () =>
  Object.entries(merged.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  const parts: { service: string; doc: OpenApiDoc }[] = [];
  for (const service of SERVICE_NAMES) {
    const { AppModule } = (await import(join(__dirname, '../..', service, 'src/app.module'))) as { AppModule: unknown };
    const app = await NestFactory.create(AppModule as never, new FastifyAdapter(), { preview: true, logger: false });
    parts.push({ service, doc: buildServiceOpenApi(app, service) as OpenApiDoc });
    await app.close();
  }
  merged = mergeOpenApi(parts);
}, 300_000);

it('declares OpenAPI 3.1', () => {
  expect(merged.openapi).toBe('3.1.0');
});

it("has no error under Redocly's recommended rules", async () => {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(merged), absoluteRef: 'openapi.json', config });
  const errors = problems.filter((problem) => problem.severity === 'error');
  expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
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
