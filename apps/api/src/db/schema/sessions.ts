import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { createdAt } from './columns';
import { users } from './users';

export const sessionSubject = pgEnum('session_subject', ['user', 'admin']);

/**
 * One row per refresh token ever issued (decision 004). A refresh marks the old row `replacedAt` and adds
 * a new row in the same family; presenting a replaced or revoked token revokes the family. The access
 * token names its row (`sid`), so a revoked row ends the access token too.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    subject: sessionSubject().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid().references(() => admins.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    refreshTokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    replacedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    userAgent: text(),
    ip: text(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_admin_id_idx').on(table.adminId),
    index('sessions_family_id_idx').on(table.familyId),
    // Exactly one owner, of the kind the row says.
    check(
      'sessions_subject_owner',
      sql`(${table.subject} = 'user' and ${table.userId} is not null and ${table.adminId} is null) or (${table.subject} = 'admin' and ${table.adminId} is not null and ${table.userId} is null)`,
    ),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
