import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Weekday } from '@skillroute/shared/availability';
import { assessmentTests, stacks } from './assessments';
import { createdAt, updatedAt } from './columns';
import { users } from './users';
import type { Paise } from '@skillroute/shared/money';

/** What a mentor shows (spec §3 "Mentor profile"); the row exists once the user passed a test. */
export const mentorProfiles = pgTable(
  'mentor_profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    headline: text().notNull(),
    bio: text().notNull(),
    expirience: integer().notNull(),
    languages: text().array().notNull(),
    linkedinUrl: text().notNull(),
    githubUrl: text().notNull(),
    /** Where the mentor works or worked (at most 5), which the listing's companies filter reads. */
    companies: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Sum and count of review ratings and sessions held, kept by the bookings work as they happen. */
    ratingTotal: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    sessionsHeld: integer().notNull().default(0),
    /**
     * Name, headline, bio and companies in one lower-cased text for the listing's search, kept by the
     * triggers of migration 0009 (the name lives on `users`); searched through its trigram index.
     */
    searchText: text().notNull().default(''),
    /**
     * Set when the mentor's no-shows reach the limit (DESIGN.md §4b): off the listing and unbookable until an
     * admin restores them, which clears it and sets `noShowsClearedAt`, from which no-shows count again.
     */
    hiddenForNoShowsAt: timestamp({ withTimezone: true }),
    noShowsClearedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('mentor_profiles_expirience_range', sql`${table.expirience} between 1 and 50`),
    check('mentor_profiles_companies_max', sql`cardinality(${table.companies}) <= 5`),
    index('mentor_profiles_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** The stacks a mentor passed a test in: their "assessed skills". */
export const mentorSkills = pgTable(
  'mentor_skills',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stackId: uuid()
      .notNull()
      .references(() => stacks.id, { onDelete: 'restrict' }),
    testId: uuid().references(() => assessmentTests.id, { onDelete: 'set null' }),
    assessedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.stackId] }),
    index('mentor_skills_stack_id_idx').on(table.stackId),
  ],
);

export type MentorProfileRow = typeof mentorProfiles.$inferSelect;

/** Start hours (10…16, one-hour slots) per weekday, as wall-clock hours in the mentor's zone. */
export type StoredWeeklyHours = Partial<Record<Weekday, number[]>>;
/** A date in the mentor's zone with other hours than its weekday; no hours is a day off. */
export interface StoredDateOverride {
  date: string;
  hours: number[];
}

/**
 * When a mentor is free and what an hour costs. No row until the mentor first saves (then every weekday is
 * unavailable). The zone is kept with the wall-clock hours, so a change of daylight saving time moves the
 * instants, never the mentor's hours.
 */
export const mentorAvailability = pgTable(
  'mentor_availability',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timezone: text().notNull(),
    /** Paise (DESIGN.md §4: the database keeps paise; the wire has whole rupees). */
    pricePerSession: integer().$type<Paise>().notNull(),
    weeklyHours: jsonb().$type<StoredWeeklyHours>().notNull(),
    overrides: jsonb()
      .$type<StoredDateOverride[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Whether the week or an override offers any hour: the listing leaves out mentors who offer none. */
    hasHours: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'mentor_availability_price_rule',
      sql`${table.pricePerSession} >= 10000 and ${table.pricePerSession} % 10000 = 0`,
    ),
  ],
);

export type MentorAvailabilityRow = typeof mentorAvailability.$inferSelect;

/**
 * A mentor's booking settings (DESIGN.md §4b "Session lifecycle"); no row means the defaults of
 * @skillroute/shared/booking-settings. The checks repeat the shared schema's limits as a backstop.
 */
export const mentorBookingSettings = pgTable(
  'mentor_booking_settings',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    minimumNoticeHours: integer().notNull(),
    bufferMinutes: integer().notNull(),
    maxSessionsPerDay: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('mentor_booking_settings_notice_rule', sql`${table.minimumNoticeHours} between 1 and 72`),
    check('mentor_booking_settings_buffer_rule', sql`${table.bufferMinutes} in (0, 15, 30, 60)`),
    check('mentor_booking_settings_per_day_rule', sql`${table.maxSessionsPerDay} between 1 and 8`),
  ],
);

export type MentorBookingSettingsRow = typeof mentorBookingSettings.$inferSelect;
