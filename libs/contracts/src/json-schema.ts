import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * A zod schema as JSON Schema whose named sub-schemas (`.meta({ id })`) move into a document's shared
 * components (`components` is filled in place) and are referenced there: how the OpenAPI document
 * (2020-12, what OpenAPI 3.1 uses) and asyncapi.yaml (draft-07, the AsyncAPI schema's base) both take
 * their schemas from the contracts.
 */
export function zodToJsonSchemaComponent(
  schema: z.ZodType,
  components: Json,
  options: { target: 'draft-2020-12' | 'draft-7'; refBase: string },
): Json {
  const json = z.toJSONSchema(schema, { target: options.target, io: 'output', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  const defsKey = options.target === 'draft-7' ? 'definitions' : '$defs';
  const defs = (json[defsKey] ?? {}) as Json;
  delete json[defsKey];
  const fix = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fix);
    if (value && typeof value === 'object') {
      const out: Json = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] = key === '$ref' && typeof inner === 'string' ? inner.replace(`#/${defsKey}/`, options.refBase) : fix(inner);
      }
      return out;
    }
    return value;
  };
  for (const [name, def] of Object.entries(defs)) components[name] = fix(def);
  return fix(json) as Json;
}
