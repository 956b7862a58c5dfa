import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Mailed 6-digit codes, stored hashed. Only the newest unconsumed code of a user counts. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_codes_user_id_created_at_idx').on(table.userId, table.createdAt)],
);

/** Single-use password reset links, stored hashed: the database alone cannot be used to reset anyone. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_idx').on(table.tokenHash),
    index('password_reset_tokens_user_id_idx').on(table.userId),
  ],
);

/**
 * Outgoing mails by key (booking, kind, recipient; or the job's id), claimed just before the mail is handed to
 * the mail server and marked sent after: a job that runs again (its process died before it was marked done)
 * finds the key and sends nothing. A claim never marked sent is taken over once it is older than the mail
 * job's expiry, so a mail whose sender died mid-send is not lost.
 */
export const sentMails = pgTable('sent_mails', {
  key: text().primaryKey(),
  claimedAt: timestamp({ withTimezone: true }).notNull(),
  sentAt: timestamp({ withTimezone: true }),
});
