import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per seeder that has run against this database, so seeding is idempotent: a second start finds
 * the row and inserts nothing again. Features add their own tables beside this one.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Case-insensitive text (the citext extension of migration 0000): `A@x.org` and `a@x.org` are one e-mail. */
const citext = customType<{ data: string }>({ dataType: () => 'citext' });

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const userRole = pgEnum('user_role', ['user', 'mentor']);

/**
 * People who learn and teach. `passwordHash` is null for accounts made through Google alone;
 * `verifiedAt` is set once the mailed code was entered (or Google vouched for the e-mail).
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Admins are a separate table, so no user row can ever become an admin by a flag flipped by mistake. */
export const admins = pgTable('admins', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: citext().notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  (table) => [uniqueIndex('password_reset_tokens_token_hash_idx').on(table.tokenHash), index('password_reset_tokens_user_id_idx').on(table.userId)],
);

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
    createdAt: createdAt(),
  },
  (table) => [
    // The list: newest first, the id breaking ties between rows of one instant. NULLS FIRST is what a plain
    // `desc` sorts by, so the index serves the query as written (the columns are never null anyway).
    index('notifications_user_id_created_at_id_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The bell's count reads only unread rows, so it stays cheap however long the history grows.
    index('notifications_unread_user_id_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

export const roadmapStatus = pgEnum('roadmap_status', ['drafted', 'published', 'rejected']);
export const roadmapNodeType = pgEnum('roadmap_node_type', ['topic', 'subtopic']);
/** 'pending' is the absence of a row, so it is not a value here. */
export const roadmapProgressStatus = pgEnum('roadmap_progress_status', ['in_progress', 'done', 'skipped']);

/**
 * Learning roadmaps (DESIGN.md §4 "Roadmaps"). A drafted roadmap with `submittedAt` set waits in the admin's
 * review queue; without it, it is still being drawn. Everyone sees it only when published and `isActive`
 * (listed); the author and admins see it always. `adminFeedback` is the last rejection's reason.
 */
export const roadmaps = pgTable(
  'roadmaps',
  {
    id: uuid().primaryKey().defaultRandom(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    status: roadmapStatus().notNull().default('drafted'),
    isActive: boolean().notNull().default(false),
    adminFeedback: text(),
    submittedAt: timestamp({ withTimezone: true }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('roadmaps_status_is_active_idx').on(table.status, table.isActive), index('roadmaps_author_id_idx').on(table.authorId)],
);

/** Topics and subtopics drawn on a roadmap's canvas. Ids come from the server (POST /api/roadmap/node). */
export const roadmapNodes = pgTable(
  'roadmap_nodes',
  {
    id: uuid().primaryKey().defaultRandom(),
    roadmapId: uuid()
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    type: roadmapNodeType().notNull(),
    x: doublePrecision().notNull(),
    y: doublePrecision().notNull(),
    label: text().notNull(),
    background: text().notNull(),
    /**
     * False from POST /api/roadmap/node until a save lists the node: a node dropped on the canvas and then
     * abandoned (the author left without saving) is not shown when the roadmap is read again. Rows written
     * directly (seeders) are saved ones.
     */
    saved: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('roadmap_nodes_roadmap_id_idx').on(table.roadmapId)],
);

/** A line from one node to another. `roadmapId` is repeated so a roadmap's edges are read in one query. */
export const roadmapEdges = pgTable(
  'roadmap_edges',
  {
    roadmapId: uuid()
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    sourceId: uuid()
      .notNull()
      .references(() => roadmapNodes.id, { onDelete: 'cascade' }),
    targetId: uuid()
      .notNull()
      .references(() => roadmapNodes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.targetId] }),
    index('roadmap_edges_roadmap_id_idx').on(table.roadmapId),
    // Deleting a node looks its edges up from both ends; the primary key serves the source end.
    index('roadmap_edges_target_id_idx').on(table.targetId),
    check('roadmap_edges_not_a_loop', sql`${table.sourceId} <> ${table.targetId}`),
  ],
);

/** A node's "Content & Links" (spec §2): at most one per node. `links` is an array of {title, url}. */
export const roadmapNodeDetails = pgTable(
  'roadmap_node_details',
  {
    nodeId: uuid()
      .primaryKey()
      .references(() => roadmapNodes.id, { onDelete: 'cascade' }),
    roadmapId: uuid()
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    links: jsonb().$type<{ title: string; url: string }[]>().notNull(),
  },
  (table) => [index('roadmap_node_details_roadmap_id_idx').on(table.roadmapId), check('roadmap_node_details_links_array', sql`jsonb_typeof(${table.links}) = 'array'`)],
);

/** A reader's progress on one node of a roadmap; no row means pending. */
export const roadmapProgress = pgTable(
  'roadmap_progress',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nodeId: uuid()
      .notNull()
      .references(() => roadmapNodes.id, { onDelete: 'cascade' }),
    roadmapId: uuid()
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    status: roadmapProgressStatus().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.nodeId] }),
    index('roadmap_progress_user_id_roadmap_id_idx').on(table.userId, table.roadmapId),
    // Deleting a node (a save that drops it) finds its progress rows through this.
    index('roadmap_progress_node_id_idx').on(table.nodeId),
  ],
);

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
  (table) => [index('questions_stack_id_idx').on(table.stackId), check('questions_options_array', sql`jsonb_typeof(${table.options}) = 'array'`)],
);

export const testStatus = pgEnum('test_status', ['in_progress', 'passed', 'failed']);

/**
 * One sitting of a skill test, with the application that led to it (spec §3 "Mentor application").
 * `questions` is what was drawn, frozen at the start: the text and the options in this test's order, and
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
    application: jsonb().$type<{ expirience: number; languages: string[]; headline: string; bio: string; linkedinUrl: string; githubUrl: string }>().notNull(),
    questions: jsonb().$type<{ id: string; text: string; options: { id: string; text: string }[]; correctOptionId: string }[]>().notNull(),
    answers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: testStatus().notNull().default('in_progress'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
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
  ],
);

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

export type UserRow = typeof users.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type RoadmapRow = typeof roadmaps.$inferSelect;
export type RoadmapNodeRow = typeof roadmapNodes.$inferSelect;
export type RoadmapEdgeRow = typeof roadmapEdges.$inferSelect;
export type RoadmapNodeDetailRow = typeof roadmapNodeDetails.$inferSelect;
export type RoadmapProgressRow = typeof roadmapProgress.$inferSelect;
export type StackRow = typeof stacks.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AssessmentTestRow = typeof assessmentTests.$inferSelect;
export type MentorProfileRow = typeof mentorProfiles.$inferSelect;
