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

/**
 * A form's errors from a parse of its input (`schema.safeParse(input)`), by field: a nested path counts for its
 * first part ("images.2" → images), and each field keeps its first message.
 */
export function schemaErrors<F extends string>(
  result: { success: true } | { success: false; error: SchemaIssues },
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (result.success) return errors;
  for (const [path, message] of Object.entries(schemaFieldErrors(result.error))) errors[path.split('.')[0] as F] ??= message;
  return errors;
}
