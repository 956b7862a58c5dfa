import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAt, updatedAt } from './columns';
import { roadmaps } from './roadmaps';
import { users } from './users';

/**
 * Learning with a mentor (DESIGN.md §4b): a reader's private notes on a roadmap's topics, and the topics a
 * mentor recommends after a session about that roadmap.
 */

/**
 * A reader's private note on one topic of a roadmap. Keyed by the roadmap and the topic's id, with no foreign
 * key to the node: a republish that drops the topic keeps the note (shown under "Notes on removed topics",
 * with the label it had when last saved). An empty save deletes the row.
 */
export const topicNotes = pgTable(
  'topic_notes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roadmapId: uuid()
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    nodeId: uuid().notNull(),
    /** The topic's label when the note was last saved: what a note on a removed topic is listed under. */
    label: text().notNull(),
    text: text().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roadmapId, table.nodeId] }),
    check('topic_notes_text_length', sql`char_length(${table.text}) between 1 and 10000`),
  ],
);

/** One topic a session's mentor recommends to its mentee, with the mentor's short note; one row per topic. */
export const topicRecommendations = pgTable(
  'topic_recommendations',
  {
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    nodeId: uuid().notNull(),
    roadmapId: uuid()
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    /** Who reads it (the booking's mentee) and who wrote it (its mentor), for the mentee's reads by roadmap. */
    menteeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.nodeId] }),
    index('topic_recommendations_mentee_roadmap_idx').on(table.menteeId, table.roadmapId),
    check('topic_recommendations_note_length', sql`char_length(${table.note}) <= 500`),
  ],
);

export type TopicNoteRow = typeof topicNotes.$inferSelect;
export type TopicRecommendationRow = typeof topicRecommendations.$inferSelect;
