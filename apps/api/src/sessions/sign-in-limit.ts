/** An e-mail as rate-limit keys compare it: the database compares e-mails case-insensitively, so keys do too. */
export function normalEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * 10 sign-in attempts per 15 minutes per e-mail and IP, for users and admins alike, each side counting under
 * its own namespace: slows guessing without letting one IP lock out an account for everyone.
 */
export const signInLimit = (namespace: 'sign-in' | 'admin-sign-in') =>
  ({
    max: 10,
    timeWindowMs: 15 * 60_000,
    key: (email: unknown, ip: string) => `${namespace}:${normalEmail(email)}:${ip}`,
  }) as const;
