/**
 * A service named by an environment variable could not be reached at start-up. The message is the whole
 * story (which variable, which address, why), printed as it is with no stack trace.
 */
export class ServiceUnreachable extends Error {
  override name = 'ServiceUnreachable';
}

/** Why a connection failed, in words, for the errors a wrong or down address gives. */
const reasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'no answer in time',
  '28P01': 'the password was refused',
  '28000': 'this user may not connect',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
};

export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && reasons[code] !== undefined) return reasons[code];
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout|timed out/i.test(message)) return 'no answer in time';
  return message.replace(/\.$/, '');
}

/** Host and port of a URL, never its user or password. */
export function addressOf(url: string): string {
  const parsed = new URL(url);
  return parsed.port === '' ? parsed.hostname : `${parsed.hostname}:${parsed.port}`;
}

/** "Cannot reach PostgreSQL at DATABASE_URL (127.0.0.1:5999): connection refused." */
export function unreachable(
  service: string,
  variable: string,
  url: string,
  error: unknown,
): ServiceUnreachable {
  return new ServiceUnreachable(
    `Cannot reach ${service} at ${variable} (${addressOf(url)}): ${reasonOf(error)}.`,
    { cause: error },
  );
}
