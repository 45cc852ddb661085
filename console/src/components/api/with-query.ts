/**
 * `path?a=1&b=x` of the query's set values, in the query's key order (one SWR key per query). Left out: undefined,
 * null and '' (a filter not chosen); false too when `omitFalse` (a flag that is only ever sent as true).
 */
export function withQuery(path: string, query: object, { omitFalse = false } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || (omitFalse && value === false)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
