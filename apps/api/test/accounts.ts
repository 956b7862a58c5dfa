import type { Database, Executor } from '../src/db/client';
import { users, type UserRow } from '../src/db/schema';
import { cookieNames } from '../src/lib/cookies';
import { hashPassword } from '../src/lib/passwords';
import { openSession } from '../src/sessions/service';

/** A user row as a finished sign-up leaves it (verified unless told otherwise). */
export async function createUser(
  db: Database,
  values: {
    email: string;
    password?: string;
    name?: string;
    verified?: boolean;
    blocked?: boolean;
    role?: 'user' | 'mentor';
    /** Their own zone (IANA), as if the browser had sent it; `timezoneChosen` as if they had picked it. */
    timezone?: string;
    timezoneChosen?: boolean;
  },
): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({
      name: values.name ?? 'Tester',
      email: values.email,
      passwordHash: values.password === undefined ? null : await hashPassword(values.password),
      role: values.role ?? 'user',
      verifiedAt: values.verified === false ? null : new Date(),
      blockedAt: values.blocked ? new Date() : null,
      timezone: values.timezone ?? null,
      timezoneChosen: values.timezoneChosen ?? false,
    })
    .returning();
  if (user === undefined) throw new Error('no user row');
  return user;
}

/** A person with a live session, as the api's tests sign people in. */
export interface SignedInPerson extends Pick<UserRow, 'id' | 'email' | 'role'> {
  /** The Cookie header of a browser signed in as this person. */
  cookie: string;
}

/**
 * A session opened straight in the table, as sign-in opens one (a session row and a signed token), at `now`:
 * the sign-in route hashes passwords, too slow for many people, and a test that moves its clock signs in again
 * at the clock's time (an access token lasts minutes).
 */
export async function signedInAs(
  db: Executor,
  jwtSecret: string,
  user: Pick<UserRow, 'id' | 'email' | 'role'>,
  now = new Date(),
): Promise<SignedInPerson> {
  const tokens = await openSession(
    db,
    jwtSecret,
    { sub: user.id, email: user.email, role: user.role },
    { userAgent: 'vitest', ip: '127.0.0.1' },
    now,
  );
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    cookie: `${cookieNames.user.access}=${tokens.accessToken}`,
  };
}
