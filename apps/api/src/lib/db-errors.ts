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

/** Whether a query failed on an exclusion constraint (SQLSTATE 23P01), optionally a named one. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  return hasSqlState(error, ['23P01'], constraint);
}

/** Whether the database broke a deadlock by failing this transaction (SQLSTATE 40P01). */
export function isDeadlock(error: unknown): boolean {
  return hasSqlState(error, ['40P01'], undefined);
}

/** The name of the constraint a query failed on, if the database named one. */
export function constraintOf(error: unknown): string | undefined {
  for (const { constraint } of causeChain(error)) if (typeof constraint === 'string') return constraint;
  return undefined;
}

/** An error and its causes, outermost first: Drizzle wraps the driver's error, which holds the SQLSTATE. */
function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown; constraint?: unknown }> {
  for (
    let current: unknown = error;
    typeof current === 'object' && current !== null;
    current = (current as { cause?: unknown }).cause
  ) {
    yield current as { code?: unknown; message?: unknown; constraint?: unknown };
  }
}

/** The first SQLSTATE (or socket error code) along the cause chain. */
export function errorCodeOf(error: unknown): string | undefined {
  for (const { code } of causeChain(error)) if (typeof code === 'string') return code;
  return undefined;
}

function hasSqlState(error: unknown, sqlStates: readonly string[], constraint: string | undefined): boolean {
  for (const { code, constraint: name } of causeChain(error)) {
    if (typeof code === 'string' && sqlStates.includes(code))
      return constraint === undefined || name === constraint;
  }
  return false;
}

// SQLSTATEs of a database that cannot serve now (not of a bad query): a statement cancelled by its
// timeout, the server shutting down or starting, too many connections, and the connection exceptions.
const UNAVAILABLE_SQL_STATES = [
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
];
// What node-postgres and the operating system report when the server does not answer or goes away.
const UNAVAILABLE_SOCKET_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'];
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
];

/**
 * Whether a query failed because the database could not answer in time or at all, rather than because of
 * the query: the request deserves a 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causeChain(error)) {
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQL_STATES.includes(code) || UNAVAILABLE_SOCKET_CODES.includes(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
  }
  return false;
}
