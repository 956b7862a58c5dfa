import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

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
  (table) => [
    index('roadmaps_status_is_active_idx').on(table.status, table.isActive),
    index('roadmaps_author_id_idx').on(table.authorId),
  ],
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
  (table) => [
    index('roadmap_node_details_roadmap_id_idx').on(table.roadmapId),
    check('roadmap_node_details_links_array', sql`jsonb_typeof(${table.links}) = 'array'`),
  ],
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

export type RoadmapRow = typeof roadmaps.$inferSelect;
export type RoadmapNodeRow = typeof roadmapNodes.$inferSelect;
export type RoadmapEdgeRow = typeof roadmapEdges.$inferSelect;
export type RoadmapNodeDetailRow = typeof roadmapNodeDetails.$inferSelect;
export type RoadmapProgressRow = typeof roadmapProgress.$inferSelect;
