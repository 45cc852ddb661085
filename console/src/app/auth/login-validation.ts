import { LoginRequestSchema, type LoginRequest } from '@backoffice/contracts';
import { schemaFieldErrors } from '../../components/forms/schema-field-errors';

export type LoginField = 'username' | 'password';

/**
 * The sign-in form checked against the API's own schema. Its own chunk (zod's code is most of it): the sign-in screen
 * loads it once the form is focused, after its first paint.
 */
export function checkLogin(values: Record<LoginField, string>): { data: LoginRequest } | { errors: Partial<Record<LoginField, string>> } {
  const parsed = LoginRequestSchema.safeParse(values);
  return parsed.success ? { data: parsed.data } : { errors: schemaFieldErrors(parsed.error) };
}
