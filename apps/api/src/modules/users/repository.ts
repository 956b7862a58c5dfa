import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@skillroute/shared/auth';
import { DEFAULT_TIMEZONE } from '@skillroute/shared/availability';
import type { Locale } from '@skillroute/shared/i18n/locales';
import type { Database, Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

/** The columns a user may see of their own account: never the password hash or Google's id. */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  avatar: users.avatar,
  // A person whose zone is not known yet reads times in India's (DESIGN.md §4b).
  timezone: sql<string>`coalesce(${users.timezone}, ${DEFAULT_TIMEZONE})`,
  locale: users.locale,
} as const;

type PublicUserRow = SessionUser & { locale: Locale | null };

/** A language only once the person chose one: without it, the answer reads as it did before languages. */
function toPublicUser({ locale, ...user }: PublicUserRow): SessionUser {
  return locale === null ? user : { ...user, locale };
}

const publicUser = (row: PublicUserRow | undefined): SessionUser | undefined =>
  row === undefined ? undefined : toPublicUser(row);

export async function findPublicUser(db: Executor, id: string): Promise<SessionUser | undefined> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id));
  return publicUser(row);
}

export async function findUserByGoogleSub(db: Executor, googleSub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub));
  return row;
}

/** E-mails are citext: the lookup ignores case, as the unique index does. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The person chose their zone: it wins over the browser's from now on. */
export async function chooseTimezone(
  db: Executor,
  id: string,
  timezone: string,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .update(users)
    .set({ timezone, timezoneChosen: true })
    .where(eq(users.id, id))
    .returning(publicUserColumns);
  return publicUser(row);
}

/** The person chose the language Skillroute speaks to them in. */
export async function chooseLocale(
  db: Executor,
  id: string,
  locale: Locale,
): Promise<SessionUser | undefined> {
  const [row] = await db.update(users).set({ locale }).where(eq(users.id, id)).returning(publicUserColumns);
  return publicUser(row);
}

export async function renameUser(db: Executor, id: string, name: string): Promise<SessionUser | undefined> {
  const [row] = await db.update(users).set({ name }).where(eq(users.id, id)).returning(publicUserColumns);
  return publicUser(row);
}

/**
 * Sets the avatar and returns the one it replaced, read under a row lock in the same transaction: two
 * uploads at once each learn exactly which file they replaced, so no file is left behind or removed twice.
 */
export async function replaceAvatar(
  db: Database,
  id: string,
  avatar: string,
): Promise<{ user: SessionUser; previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (current === undefined) return undefined;
    const [user] = await tx
      .update(users)
      .set({ avatar })
      .where(eq(users.id, id))
      .returning(publicUserColumns);
    return user === undefined ? undefined : { user: toPublicUser(user), previous: current.avatar };
  });
}

/**
 * Links an existing account to a Google account; Google vouched for the e-mail, so it counts as verified.
 * An account whose e-mail was never verified also loses its password: whoever chose it never proved the
 * address was theirs, and must not keep a way into the real owner's account (pre-hijacking).
 */
export async function linkGoogleAccount(
  db: Executor,
  id: string,
  googleSub: string,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      googleSub,
      passwordHash: sql`case when ${users.verifiedAt} is null then null else ${users.passwordHash} end`,
      verifiedAt: sql`coalesce(${users.verifiedAt}, ${now})`,
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** A new verified account without a password; undefined when the e-mail or Google id was taken meanwhile. */
export async function insertGoogleUser(
  db: Executor,
  values: { name: string; email: string; googleSub: string; now: Date; locale?: Locale | undefined },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email,
      googleSub: values.googleSub,
      verifiedAt: values.now,
      locale: values.locale ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}
