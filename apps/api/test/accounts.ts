import type { Database } from '../src/db/client';
import { users, type UserRow } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';

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
    })
    .returning();
  if (user === undefined) throw new Error('no user row');
  return user;
}
