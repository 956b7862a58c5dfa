import { and, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { arrayPlaceholder, preparedPer, type Executor } from '../../db/client';
import { notifications, users, type NotificationRow } from '../../db/schema';
import type { Notice } from '../../context/ports';

// Each function takes the app's handle or a caller's transaction: a notification can be written with the change
// it reports.

/**
 * `insertNotifications`'s statement, prepared once per handle (decision 068): a unit of work's notifications in one
 * round trip, each row with its user's e-mail (which names their socket event).
 */
const addNotifications = preparedPer((db) =>
  db
    .insert(notifications)
    // Every column, in the table's order, as Drizzle's insert … select names them all.
    .select(
      sql`select gen_random_uuid(), notice.user_id, notice.type, notice.message, notice.link, null, notice.dedupe_key, now()
          from unnest(
            ${arrayPlaceholder('userIds', 'uuid')},
            ${arrayPlaceholder('types', 'text')},
            ${arrayPlaceholder('messages', 'text')},
            ${arrayPlaceholder('links', 'text')},
            ${arrayPlaceholder('dedupeKeys', 'text')}
          )
            as notice(user_id, type, message, link, dedupe_key)`,
    )
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({
      ...getTableColumns(notifications),
      // Qualified by hand: a returning list names its columns bare, and a bare user_id would only reach the
      // notification's row because users has no column of that name.
      email: sql<string>`(select u.email from ${users} as u where u.id = ${notifications}.user_id)`,
    })
    .prepare('insert_notifications'),
);

/**
 * Writes the notices; answers the rows added, each with its user's e-mail. A notice whose key was written before
 * (or earlier in the same list) is not added again. A user who does not exist is refused by the row's foreign key.
 */
export async function insertNotifications(
  db: Executor,
  notices: readonly Notice[],
): Promise<Array<NotificationRow & { email: string }>> {
  return addNotifications(db).execute({
    userIds: notices.map(({ userId }) => userId),
    types: notices.map(({ input }) => input.type),
    messages: notices.map(({ input }) => input.message),
    links: notices.map(({ input }) => input.link ?? null),
    dedupeKeys: notices.map(({ input }) => input.key ?? null),
  });
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
