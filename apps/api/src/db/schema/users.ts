import { boolean, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { citext, createdAt, updatedAt } from './columns';

export const userRole = pgEnum('user_role', ['user', 'mentor']);

/**
 * People who learn and teach. `passwordHash` is null for accounts made through Google alone;
 * `verifiedAt` is set once the mailed code was entered (or Google vouched for the e-mail).
 * `timezone` (IANA) is the zone every time is written in for them: the browser's at sign-up and sign-in until
 * they choose one (`timezoneChosen`), then theirs; null until either is known (read as India's).
 * `locale` is the language they last chose (on the profile, or in the browser they signed in from); null until
 * they choose one.
 */
export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: citext().notNull().unique(),
  passwordHash: text(),
  role: userRole().notNull().default('user'),
  avatar: text(),
  googleSub: text().unique(),
  verifiedAt: timestamp({ withTimezone: true }),
  blockedAt: timestamp({ withTimezone: true }),
  timezone: text(),
  timezoneChosen: boolean().notNull().default(false),
  locale: text().$type<Locale>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type UserRow = typeof users.$inferSelect;
