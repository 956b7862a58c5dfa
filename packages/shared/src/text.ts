import { msg } from './i18n/msg';

/**
 * Rules for any text a person sends, whatever the field. PostgreSQL cannot store the NUL character
 * (U+0000) in text or JSON, so it is refused at validation, in one place, for every string of a request.
 */

export const NUL_CHARACTER_MESSAGE = msg('Text must not contain the NUL character (U+0000).');

/**
 * The path to the first string holding a NUL character inside a request part (body, query, params),
 * keys and array indexes included; undefined when there is none.
 */
export function findNulCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNulCharacter(value[index], [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = findNulCharacter(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
