import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, so two bodies that differ only in key order or spacing read the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** A SHA-256 of the parts, each canonical JSON: what "the same request" means for a retry. */
export function requestFingerprint(...parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(canonicalJson(part)).update('\n');
  return hash.digest('hex');
}
