import { eq, sql } from 'drizzle-orm';
import type { Admin } from '@skillroute/shared/auth';
import type { Executor } from '../../db/client';
import { admins, type AdminRow } from '../../db/schema';

/** What an admin may see of their account: never the password hash. */
const publicAdminColumns = { id: admins.id, name: admins.name, email: admins.email } as const;

export async function findAdminByEmail(db: Executor, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.email, email));
  return row;
}

export async function findPublicAdmin(db: Executor, id: string): Promise<Admin | undefined> {
  const [row] = await db.select(publicAdminColumns).from(admins).where(eq(admins.id, id));
  return row;
}

/** Creates the admin, or gives an existing one (same e-mail, any case) the new password, and the name if given. */
export async function upsertAdmin(
  db: Executor,
  values: { email: string; name: string | undefined; defaultName: string; passwordHash: string },
): Promise<{ admin: Admin; created: boolean }> {
  const [row] = await db
    .insert(admins)
    .values({
      email: values.email,
      name: values.name ?? values.defaultName,
      passwordHash: values.passwordHash,
    })
    .onConflictDoUpdate({
      target: admins.email,
      set: {
        passwordHash: values.passwordHash,
        updatedAt: new Date(),
        ...(values.name === undefined ? {} : { name: values.name }),
      },
    })
    // xmax is 0 on a freshly inserted row version and set on an updated one: one statement, no race.
    .returning({ ...publicAdminColumns, created: sql<boolean>`(xmax = 0)` });
  if (row === undefined) throw new Error('upserting an admin returned no row');
  const { created, ...admin } = row;
  return { admin, created };
}
