import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { citext, createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * The domains one can be assessed in (spec §3 "Stack"). An inactive stack is not offered to applicants;
 * its questions and past tests stay.
 */
export const stacks = pgTable('stacks', {
  id: uuid().primaryKey().defaultRandom(),
  name: citext().notNull().unique(),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The question bank. `options` is an array of {id, text, isCorrect}; ids are made by the api, so a test can
 * name the option chosen. Only admin routes ever send `isCorrect`. Inactive questions are not drawn.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    stackId: uuid()
      .notNull()
      .references(() => stacks.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    options: jsonb().$type<{ id: string; text: string; isCorrect: boolean }[]>().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('questions_stack_id_idx').on(table.stackId),
    check('questions_options_array', sql`jsonb_typeof(${table.options}) = 'array'`),
  ],
);

export const testStatus = pgEnum('test_status', ['in_progress', 'passed', 'failed']);

/**
 * One sitting of a skill test, with the application that led to it (spec §3 "Mentor application").
 * The row is made by the application, but the clock starts only when the taker presses Start on the test's
 * introduction (decision 025): until then `startedAt` and `expiresAt` are null. `questions` is what was
 * drawn, frozen at the application: the text and the options in this test's order, and
 * which option is right, so later edits of the bank change no test already taken. `answers` maps a question
 * id to the option chosen, saved as the taker goes.
 */
export const assessmentTests = pgTable(
  'assessment_tests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A stack with tests is never deleted (it is deactivated), so a test always names its stack.
    stackId: uuid()
      .notNull()
      .references(() => stacks.id, { onDelete: 'restrict' }),
    application: jsonb()
      .$type<{
        expirience: number;
        languages: string[];
        headline: string;
        bio: string;
        linkedinUrl: string;
        githubUrl: string;
      }>()
      .notNull(),
    questions: jsonb()
      .$type<
        { id: string; text: string; options: { id: string; text: string }[]; correctOptionId: string }[]
      >()
      .notNull(),
    answers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: testStatus().notNull().default('in_progress'),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    score: integer(),
    total: integer().notNull(),
    late: boolean().notNull().default(false),
  },
  (table) => [
    index('assessment_tests_user_id_stack_id_idx').on(table.userId, table.stackId),
    // One test at a time per person: a second application while one runs is a conflict, even in a race.
    uniqueIndex('assessment_tests_one_in_progress_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'in_progress'`),
    index('assessment_tests_stack_id_idx').on(table.stackId),
    // The clock is started whole or not at all.
    check(
      'assessment_tests_clock_started_whole',
      sql`(${table.startedAt} is null) = (${table.expiresAt} is null)`,
    ),
  ],
);

export type StackRow = typeof stacks.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AssessmentTestRow = typeof assessmentTests.$inferSelect;
