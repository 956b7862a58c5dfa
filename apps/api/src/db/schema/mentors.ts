import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assessmentTests, stacks } from './assessments';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('mentor_profiles_expirience_range', sql`${table.expirience} between 1 and 50`)],
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
  (table) => [primaryKey({ columns: [table.userId, table.stackId] }), index('mentor_skills_stack_id_idx').on(table.stackId)],
);

export type MentorProfileRow = typeof mentorProfiles.$inferSelect;
