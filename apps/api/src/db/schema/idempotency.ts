import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * One `Idempotency-Key` a person sent with a state-changing request (DESIGN.md §4b), kept 24 hours: a repeat
 * gets the first answer back instead of doing the thing again. The row is written in the change's own
 * transaction (modules/idempotency), so a change and its key commit or vanish together; `status` and
 * `response` stay null between that commit and the answer being recorded.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** Method, path and a hash of the body: the same key with another request is refused (422). */
    fingerprint: text().notNull(),
    status: integer(),
    response: jsonb(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    // The cleanup job deletes by age.
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
