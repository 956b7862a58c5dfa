/**
 * Whether a query failed on a unique constraint (SQLSTATE 23505), optionally a named one. Drizzle wraps the
 * driver's error, so the code may sit on the error's cause.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return hasSqlState(error, ['23505'], constraint);
}

/**
 * Whether a query failed because a row it would remove or change is still referenced: SQLSTATE 23503, or
 * 23001 for a reference declared ON DELETE RESTRICT.
 */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  return hasSqlState(error, ['23503', '23001'], constraint);
}

function hasSqlState(error: unknown, sqlStates: readonly string[], constraint: string | undefined): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && sqlStates.includes(code)) return constraint === undefined || name === constraint;
  }
  return false;
}
