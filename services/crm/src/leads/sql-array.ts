/**
 * A PostgreSQL array literal to bind as one parameter (`any(?::int[])`, `unnest(?::text[])`):
 * MikroORM's raw queries would spread a JavaScript array into a list of parameters.
 */
export function sqlArray(values: readonly (string | number)[]): string {
  return `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
