import { type ArgumentMetadata, Injectable } from '@nestjs/common';
import type { FieldError } from '@backoffice/contracts';
import { ZodValidationException, ZodValidationPipe } from 'nestjs-zod';
import type { ZodError } from 'zod';
import { InvalidInputError } from '../errors/domain-error';
import { zodFieldErrors } from '../errors/problem';

/** C0 control characters other than tab, line feed and carriage return (NUL among them: PostgreSQL refuses it in text). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Half of a UTF-16 surrogate pair without the other half: not a character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Invisible bidirectional embeddings, overrides and isolates: they make text read differently from what it is. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** What is wrong with one string of a request, or undefined. */
export function textProblem(value: string): string | undefined {
  if (CONTROL.test(value)) return 'Must not contain control characters.';
  if (LONE_SURROGATE.test(value)) return 'Must be valid Unicode text.';
  if (BIDI_CONTROL.test(value)) return 'Must not contain invisible text-direction characters.';
  return undefined;
}

/** Every string of a parsed body, query or path with a problem, by field path (as zod names them). */
export function textFieldErrors(value: unknown, path: (string | number)[] = []): FieldError[] {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? [{ path: path.map(String).join('.') || '(body)', message }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => textFieldErrors(item, [...path, index]));
  // Plain objects only (a parsed query has no Object prototype at all); never a Buffer or a stream.
  const constructor = value && typeof value === 'object' ? (value as { constructor?: unknown }).constructor : null;
  if (value && (constructor === Object || constructor === undefined)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
      const keyMessage = textProblem(key);
      return [
        ...(keyMessage ? [{ path: [...path, key].map(String).join('.'), message: keyMessage }] : []),
        ...textFieldErrors(item, [...path, key]),
      ];
    });
  }
  return [];
}

/**
 * The platform's validation: the zod DTO of each argument, and for every body, query and path,
 * text that no field should hold (control characters such as NUL, broken UTF-16, invisible
 * direction overrides). Both kinds of problem come back together as one 400 with field errors.
 */
@Injectable()
export class ValidationPipe extends ZodValidationPipe {
  override transform(input: unknown, metadata: ArgumentMetadata): unknown {
    // A request without a body is an empty object: a body whose fields are all optional may be left out.
    const value = metadata.type === 'body' && input === undefined && metadata.metatype ? {} : input;
    const checked = metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param';
    const prefix = metadata.data ? [metadata.data] : [];
    const textErrors = checked ? textFieldErrors(value, prefix) : [];
    try {
      const result = super.transform(value, metadata);
      if (textErrors.length) throw new InvalidInputError(textErrors);
      return result;
    } catch (error) {
      if (!textErrors.length || !(error instanceof ZodValidationException)) throw error;
      const schemaErrors = zodFieldErrors(error.getZodError() as ZodError);
      const seen = new Set(textErrors.map((e) => e.path));
      throw new InvalidInputError([...textErrors, ...schemaErrors.filter((e) => !seen.has(e.path))]);
    }
  }
}
