import type { z } from 'zod';
import type { ApiError } from './api-error';
import { errorItems, errorMessage } from './api-error';
import { translate } from './i18n';

/**
 * Puts the server's field errors under their fields and returns the message that belongs to no field
 * shown on the form (or null when every message found its field). `fields` are the form's own names:
 * an error about anything else (a token, a header) is a form-level message.
 */
export function applyServerErrors<Field extends string>(
  error: ApiError,
  fields: readonly Field[],
  setFieldError: (field: Field, message: string) => void,
  fallback: string,
): string | null {
  const items = errorItems(error);
  const placed = new Set<Field>();
  const unplaced: string[] = [];
  for (const item of items) {
    const field = fields.find((name) => name === item.field);
    if (field && !placed.has(field)) {
      placed.add(field);
      setFieldError(field, item.message);
    } else if (!field) {
      unplaced.push(item.message);
    }
  }
  if (placed.size > 0 && unplaced.length === 0) return null;
  return unplaced[0] !== undefined ? translate(unplaced[0]) : errorMessage(error, fallback);
}

/**
 * A rule's first message for a value in the reader's language, or null when the value passes (the shared schema is
 * the rule).
 */
export function schemaMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  const message = result.success ? undefined : result.error.issues[0]?.message;
  return message === undefined ? null : translate(message);
}
