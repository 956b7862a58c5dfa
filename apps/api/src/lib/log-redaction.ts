import { stdSerializers } from 'pino';
import { errorCodeOf } from './db-errors';

const REDACTED = '[redacted]';

/**
 * A copy of `error` without what a person typed: Drizzle puts a failed query's parameters into the
 * error's message (and so its stack) and a `params` field; PostgreSQL's `detail` quotes the offending
 * values ("Key (email)=(…) already exists"), and a data exception's message the value it refused. The query text, SQLSTATE code, constraint and table stay,
 * since those are what a reader of the log needs. Causes are redacted the same way.
 */
export function withoutUserInput(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
  let message = error.message;
  if ('params' in error && 'query' in error) {
    message = `Failed query: ${String(error.query)}\nparams: ${REDACTED}`;
    Object.assign(copy, { params: REDACTED });
  }
  if ('detail' in error && error.detail !== undefined) Object.assign(copy, { detail: REDACTED });
  // A data exception (SQLSTATE class 22) quotes the value it could not take after the first colon.
  if ('code' in error && typeof error.code === 'string' && error.code.startsWith('22'))
    message = message.replace(/: [\s\S]*$/, `: ${REDACTED}`);
  Object.defineProperty(copy, 'message', {
    value: message,
    enumerable: false,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(copy, 'stack', {
    value: error.stack?.replace(error.message, message),
    enumerable: false,
    writable: true,
    configurable: true,
  });
  if (error.cause !== undefined)
    Object.defineProperty(copy, 'cause', {
      value: withoutUserInput(error.cause),
      enumerable: false,
      writable: true,
      configurable: true,
    });
  return copy;
}

/** pino's error serializer, run on the redacted copy, with the SQLSTATE lifted from the cause to the top. */
export function serializeError(error: unknown): unknown {
  const serialized = stdSerializers.err(withoutUserInput(error) as Error) as unknown;
  const code = errorCodeOf(error);
  if (
    typeof serialized === 'object' &&
    serialized !== null &&
    code !== undefined &&
    !('code' in serialized && serialized.code !== undefined)
  )
    Object.assign(serialized, { code });
  return serialized;
}
