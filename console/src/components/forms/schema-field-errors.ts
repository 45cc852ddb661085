/** The part of a failed zod parse this needs (`schema.safeParse(value).error`), without importing zod here. */
export interface SchemaIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/**
 * Client-side validation errors by field path, in the same shape as `fieldErrors(apiError)`,
 * so a form validates with the shared contracts schema and shows server errors the same way.
 */
export function schemaFieldErrors(error: SchemaIssues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in result)) result[path] = issue.message;
  }
  return result;
}
