import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * What happened that concerns a person (DESIGN.md §4 "Notifications"). The row is the truth; the socket
 * event sent after it is only a doorbell. `type` is one of the shared notification kinds, kept as text so a
 * new kind needs no migration. `link` is an in-app path.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    message: text().notNull(),
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    /** What makes it one of a kind (booking, event, recipient): written a second time, it is not added again. */
    dedupeKey: text(),
    createdAt: createdAt(),
  },
  (table) => [
    // Rows without a key are all distinct (NULLs never conflict).
    uniqueIndex('notifications_dedupe_key_idx').on(table.dedupeKey),
    // The list: newest first, the id breaking ties between rows of one instant. NULLS FIRST is what a plain
    // `desc` sorts by, so the index serves the query as written (the columns are never null anyway).
    index('notifications_user_id_created_at_id_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The bell's count reads only unread rows, so it stays cheap however long the history grows.
    index('notifications_unread_user_id_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
