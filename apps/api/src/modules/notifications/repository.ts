import { and, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { preparedPer, type Executor } from '../../db/client';
import { notifications, users, type NotificationRow } from '../../db/schema';
import type { NotificationInput } from '../../context/ports';

// Each function takes the app's handle or a caller's transaction: a notification can be written with the change
// it reports.

/**
 * `insertNotification`'s statement, prepared once per handle (decision 068): the row, and its user's e-mail (which
 * names their socket event) read in the same round trip.
 */
const addNotification = preparedPer((db) =>
  db
    .insert(notifications)
    .values({
      userId: sql.placeholder('userId'),
      type: sql.placeholder('type'),
      message: sql.placeholder('message'),
      link: sql.placeholder('link'),
      dedupeKey: sql.placeholder('dedupeKey'),
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({
      ...getTableColumns(notifications),
      // Qualified by hand: a returning list names its columns bare, and a bare user_id would only reach the
      // notification's row because users has no column of that name.
      email: sql<string>`(select u.email from ${users} as u where u.id = ${notifications}.user_id)`,
    })
    .prepare('insert_notification'),
);

/**
 * The new row with its user's e-mail; with a key already written, the row written then, `added` false and no
 * e-mail (nobody is rung twice). A user who does not exist is refused by the row's foreign key.
 */
export async function insertNotification(
  db: Executor,
  userId: string,
  input: NotificationInput,
): Promise<{ row: NotificationRow; added: true; email: string } | { row: NotificationRow; added: false }> {
  const [inserted] = await addNotification(db).execute({
    userId,
    type: input.type,
    message: input.message,
    link: input.link ?? null,
    dedupeKey: input.key ?? null,
  });
  if (inserted !== undefined) {
    const { email, ...row } = inserted;
    return { row, added: true, email };
  }
  const [existing] =
    input.key === undefined
      ? []
      : await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.dedupeKey, input.key), eq(notifications.userId, userId)));
  if (existing === undefined) throw new Error('inserting a notification returned no row');
  return { row: existing, added: false };
}

/** Newest first; the id orders rows created in the same instant, so pages never overlap or skip one. */
export async function listNotifications(
  db: Executor,
  userId: string,
  window: { offset: number; limit: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .offset(window.offset)
    .limit(window.limit);
}

/** Whether the user was ever sent a notification of this kind (read or not). */
export async function hasNotificationOfType(db: Executor, userId: string, type: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
    .limit(1);
  return row !== undefined;
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/**
 * Marks the user's unread notifications read: the given ones, or all when `ids` is undefined. The user
 * condition means another person's ids are simply not touched.
 */
export async function markRead(
  db: Executor,
  userId: string,
  ids: string[] | undefined,
  now: Date,
): Promise<void> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(ids === undefined ? mine : and(mine, inArray(notifications.id, ids)));
}
