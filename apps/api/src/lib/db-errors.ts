/**
 * Whether a query failed on a unique constraint (SQLSTATE 23505), optionally a named one. Drizzle wraps the
 * driver's error, so the code may sit on the error's cause.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
