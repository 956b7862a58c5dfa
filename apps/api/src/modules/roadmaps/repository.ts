// Every query on the roadmaps, their topics, edges, resources and readers' progress: one file for the tables
// of one graph, so a change to how a roadmap is stored is a change here alone. Longer than 300 lines for that
// reason; the graph's rules live in rules.ts and packages/shared/src/roadmap-rules.ts, not here.
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  MATCHED_TOPICS_MAX,
  type NodeDetail,
  type ProgressEntry,
  type PublishedRoadmap,
  type RoadmapEdge,
  type RoadmapNode,
  type RoadmapProgressSummary,
  type RoadmapSummary,
} from '@skillroute/shared/roadmap-api';
import type { RoadmapStatus } from '@skillroute/shared/roadmap-rules';
import type { Executor } from '../../db/client';
import {
  roadmapEdges,
  roadmapNodeDetails,
  roadmapNodes,
  roadmapProgress,
  roadmaps,
  users,
} from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

/** What the rules need to know of a roadmap to decide who may do what with it. */
export interface RoadmapState {
  id: string;
  authorId: string;
  title: string;
  status: RoadmapStatus;
  isActive: boolean;
  submittedAt: Date | null;
}

const stateColumns = {
  id: roadmaps.id,
  authorId: roadmaps.authorId,
  title: roadmaps.title,
  status: roadmaps.status,
  isActive: roadmaps.isActive,
  submittedAt: roadmaps.submittedAt,
} as const;

export async function findRoadmapState(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RoadmapState | undefined> {
  const query = db.select(stateColumns).from(roadmaps).where(eq(roadmaps.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertRoadmap(
  db: Executor,
  values: { authorId: string; title: string; description: string },
): Promise<string> {
  const [row] = await db.insert(roadmaps).values(values).returning({ id: roadmaps.id });
  if (row === undefined) throw new Error('the roadmap row was not written');
  return row.id;
}

/** Saved nodes only: a node dropped and never saved is not part of what anyone reads. */
const savedNodeCount = sql<number>`(select count(*)::int from ${roadmapNodes} where ${roadmapNodes.roadmapId} = ${roadmaps.id} and ${roadmapNodes.saved})`;

const summaryColumns = {
  id: roadmaps.id,
  title: roadmaps.title,
  description: roadmaps.description,
  status: roadmaps.status,
  isActive: roadmaps.isActive,
  adminFeedback: roadmaps.adminFeedback,
  submittedAt: roadmaps.submittedAt,
  updatedAt: roadmaps.updatedAt,
  authorId: users.id,
  authorName: users.name,
  nodeCount: savedNodeCount,
} as const;

interface SummaryRow {
  id: string;
  title: string;
  description: string;
  status: RoadmapStatus;
  isActive: boolean;
  adminFeedback: string | null;
  submittedAt: Date | null;
  updatedAt: Date;
  authorId: string;
  authorName: string;
  nodeCount: number;
}

function toSummary(row: SummaryRow): RoadmapSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    isActive: row.isActive,
    adminFeedback: row.adminFeedback,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    author: { id: row.authorId, name: row.authorName },
    nodeCount: Number(row.nodeCount),
  };
}

export interface RoadmapFilter {
  authorId?: string;
  status?: RoadmapStatus;
  /** Published and listed only. */
  publicOnly?: boolean;
  /** Drafted roadmaps that were submitted: the review queue. */
  submittedOnly?: boolean;
}

export async function listRoadmaps(
  db: Executor,
  filter: RoadmapFilter,
  order: 'newest' | 'oldest-submitted' = 'newest',
): Promise<RoadmapSummary[]> {
  const conditions: SQL[] = [];
  if (filter.authorId !== undefined) conditions.push(eq(roadmaps.authorId, filter.authorId));
  if (filter.status !== undefined) conditions.push(eq(roadmaps.status, filter.status));
  if (filter.publicOnly) conditions.push(eq(roadmaps.status, 'published'), eq(roadmaps.isActive, true));
  if (filter.submittedOnly) conditions.push(isNotNull(roadmaps.submittedAt));
  const rows = await db
    .select(summaryColumns)
    .from(roadmaps)
    .innerJoin(users, eq(users.id, roadmaps.authorId))
    .where(and(...conditions))
    .orderBy(
      ...(order === 'newest'
        ? [desc(roadmaps.updatedAt), desc(roadmaps.id)]
        : [asc(roadmaps.submittedAt), asc(roadmaps.id)]),
    );
  return rows.map(toSummary);
}

/**
 * The saved topics of the roadmap in the outer query whose label or content title contains the pattern, at
 * most MATCHED_TOPICS_MAX distinct labels in reading order (top to bottom); null when none does.
 */
function matchedTopicsOf(pattern: string): SQL<string[] | null> {
  return sql<string[] | null>`(
    select array_agg(matched.label order by matched.y, matched.x, matched.label) from (
      select ${roadmapNodes.label} as label, min(${roadmapNodes.y}) as y, min(${roadmapNodes.x}) as x
      from ${roadmapNodes} left join ${roadmapNodeDetails} on ${roadmapNodeDetails.nodeId} = ${roadmapNodes.id}
      where ${roadmapNodes.roadmapId} = ${roadmaps.id} and ${roadmapNodes.saved}
        and (${roadmapNodes.label} ilike ${pattern} or ${roadmapNodeDetails.title} ilike ${pattern})
      group by ${roadmapNodes.label}
      order by y, x, label
      limit ${MATCHED_TOPICS_MAX}
    ) as matched)`;
}

/**
 * `GET /api/roadmap/published?search=`: published, listed roadmaps whose title, description or a topic
 * (node label or content title) contains the text, case-insensitively; those found by a topic name it.
 * ILIKE scans, which is fine for a few hundred roadmaps of at most a thousand nodes (pg_trgm is there for a
 * GIN index when that changes).
 */
export async function searchPublishedRoadmaps(db: Executor, search: string): Promise<PublishedRoadmap[]> {
  const pattern = containsPattern(search);
  const matchedTopics = matchedTopicsOf(pattern);
  const rows = await db
    .select({ ...summaryColumns, matchedTopics })
    .from(roadmaps)
    .innerJoin(users, eq(users.id, roadmaps.authorId))
    .where(
      and(
        eq(roadmaps.status, 'published'),
        eq(roadmaps.isActive, true),
        or(
          ilike(roadmaps.title, pattern),
          ilike(roadmaps.description, pattern),
          sql`${matchedTopics} is not null`,
        ),
      ),
    )
    .orderBy(desc(roadmaps.updatedAt), desc(roadmaps.id));
  return rows.map((row) =>
    row.matchedTopics?.length ? { ...toSummary(row), matchedTopics: row.matchedTopics } : toSummary(row),
  );
}

/**
 * `GET /api/roadmap/progress/mine`, in one aggregate: each roadmap the user has marks on and may still read
 * (published and listed, or their own), with its saved nodes marked done and its saved nodes in all,
 * most recently marked first.
 */
export async function listProgressSummaries(
  db: Executor,
  userId: string,
  limit: number,
): Promise<RoadmapProgressSummary[]> {
  const lastMarkedAt = sql<Date>`max(${roadmapProgress.updatedAt})`.mapWith(roadmapProgress.updatedAt);
  const rows = await db
    .select({
      id: roadmaps.id,
      title: roadmaps.title,
      done: sql<number>`count(*) filter (where ${roadmapProgress.status} = 'done')::int`,
      total: savedNodeCount,
      lastMarkedAt,
    })
    .from(roadmapProgress)
    .innerJoin(roadmapNodes, and(eq(roadmapNodes.id, roadmapProgress.nodeId), eq(roadmapNodes.saved, true)))
    .innerJoin(roadmaps, eq(roadmaps.id, roadmapProgress.roadmapId))
    .where(
      and(
        eq(roadmapProgress.userId, userId),
        or(and(eq(roadmaps.status, 'published'), eq(roadmaps.isActive, true)), eq(roadmaps.authorId, userId)),
      ),
    )
    .groupBy(roadmaps.id)
    .orderBy(desc(lastMarkedAt), asc(roadmaps.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    done: Number(row.done),
    total: Number(row.total),
    lastMarkedAt: row.lastMarkedAt.toISOString(),
  }));
}

export async function findRoadmapSummary(db: Executor, id: string): Promise<RoadmapSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(roadmaps)
    .innerJoin(users, eq(users.id, roadmaps.authorId))
    .where(eq(roadmaps.id, id));
  return row === undefined ? undefined : toSummary(row);
}

export async function listSavedNodes(db: Executor, roadmapId: string): Promise<RoadmapNode[]> {
  const rows = await db
    .select({
      id: roadmapNodes.id,
      type: roadmapNodes.type,
      x: roadmapNodes.x,
      y: roadmapNodes.y,
      label: roadmapNodes.label,
      background: roadmapNodes.background,
    })
    .from(roadmapNodes)
    .where(and(eq(roadmapNodes.roadmapId, roadmapId), eq(roadmapNodes.saved, true)))
    .orderBy(asc(roadmapNodes.y), asc(roadmapNodes.x), asc(roadmapNodes.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    position: { x: row.x, y: row.y },
    data: { label: row.label },
    background: row.background,
  }));
}

export async function listEdges(db: Executor, roadmapId: string): Promise<RoadmapEdge[]> {
  const rows = await db
    .select({ source: roadmapEdges.sourceId, target: roadmapEdges.targetId })
    .from(roadmapEdges)
    .where(eq(roadmapEdges.roadmapId, roadmapId));
  return rows;
}

export async function listNodeDetails(db: Executor, roadmapId: string): Promise<NodeDetail[]> {
  return db
    .select({
      nodeId: roadmapNodeDetails.nodeId,
      title: roadmapNodeDetails.title,
      description: roadmapNodeDetails.description,
      links: roadmapNodeDetails.links,
    })
    .from(roadmapNodeDetails)
    .innerJoin(roadmapNodes, eq(roadmapNodes.id, roadmapNodeDetails.nodeId))
    .where(and(eq(roadmapNodeDetails.roadmapId, roadmapId), eq(roadmapNodes.saved, true)));
}

/** A node dropped on the canvas: it counts once a save lists it. */
export async function insertUnsavedNode(
  db: Executor,
  roadmapId: string,
  node: Omit<RoadmapNode, 'id'>,
): Promise<string> {
  const [row] = await db
    .insert(roadmapNodes)
    .values({
      roadmapId,
      type: node.type,
      x: node.position.x,
      y: node.position.y,
      label: node.data.label,
      background: node.background,
      saved: false,
    })
    .returning({ id: roadmapNodes.id });
  if (row === undefined) throw new Error('the node row was not written');
  return row.id;
}

export async function countUnsavedNodes(db: Executor, roadmapId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(roadmapNodes)
    .where(and(eq(roadmapNodes.roadmapId, roadmapId), eq(roadmapNodes.saved, false)));
  return row?.count ?? 0;
}

/** The ids among `ids` that belong to this roadmap (saved or not). */
export async function nodeIdsOf(
  db: Executor,
  roadmapId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: roadmapNodes.id })
    .from(roadmapNodes)
    .where(and(eq(roadmapNodes.roadmapId, roadmapId), inArray(roadmapNodes.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/**
 * Replaces the whole graph with `graph`, inside the caller's transaction (a unit of work's `tx`): nodes not
 * listed go (with their edges, content and readers' marks), listed ones are updated and marked saved, edges
 * and content are written anew. Six statements whatever the size of the graph: each list travels as one JSON parameter and
 * PostgreSQL unpacks it (`jsonb_to_recordset`), so the roadmap's row lock is held for a few round trips,
 * not one per node.
 */
export async function replaceGraph(
  tx: Executor,
  roadmapId: string,
  graph: { nodes: RoadmapNode[]; edges: RoadmapEdge[]; nodeDetails: NodeDetail[] },
): Promise<void> {
  const keep = graph.nodes.map((node) => node.id);
  await tx.delete(roadmapEdges).where(eq(roadmapEdges.roadmapId, roadmapId));
  await tx.delete(roadmapNodeDetails).where(eq(roadmapNodeDetails.roadmapId, roadmapId));
  await tx
    .delete(roadmapNodes)
    .where(
      keep.length === 0
        ? eq(roadmapNodes.roadmapId, roadmapId)
        : and(eq(roadmapNodes.roadmapId, roadmapId), notInArray(roadmapNodes.id, keep)),
    );
  if (graph.nodes.length > 0) {
    const nodes = graph.nodes.map((node) => ({
      id: node.id,
      type: node.type,
      x: node.position.x,
      y: node.position.y,
      label: node.data.label,
      background: node.background,
    }));
    await tx.execute(sql`
      update ${roadmapNodes} set type = listed.type, x = listed.x, y = listed.y, label = listed.label, background = listed.background, saved = true
      from jsonb_to_recordset(${JSON.stringify(nodes)}::jsonb) as listed(id uuid, type roadmap_node_type, x double precision, y double precision, label text, background text)
      where ${roadmapNodes.id} = listed.id and ${roadmapNodes.roadmapId} = ${roadmapId}`);
  }
  if (graph.edges.length > 0) {
    await tx.execute(sql`
      insert into ${roadmapEdges} (roadmap_id, source_id, target_id)
      select ${roadmapId}, listed.source, listed.target from jsonb_to_recordset(${JSON.stringify(graph.edges)}::jsonb) as listed(source uuid, target uuid)`);
  }
  if (graph.nodeDetails.length > 0) {
    await tx.execute(sql`
      insert into ${roadmapNodeDetails} (node_id, roadmap_id, title, description, links)
      select listed.node_id, ${roadmapId}, listed.title, listed.description, listed.links
      from jsonb_to_recordset(${JSON.stringify(graph.nodeDetails.map((detail) => ({ node_id: detail.nodeId, title: detail.title, description: detail.description, links: detail.links })))}::jsonb)
        as listed(node_id uuid, title text, description text, links jsonb)`);
  }
}

/** The PostgreSQL channel on which every api process hears that a roadmap changed (graph-cache.ts). */
export const ROADMAP_CHANGES_CHANNEL = 'roadmap_changed';

/**
 * Tells every api process that this roadmap changed, from inside the changing transaction: PostgreSQL
 * delivers the notification only if that transaction commits, and only then.
 */
export async function announceChange(tx: Executor, roadmapId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${ROADMAP_CHANGES_CHANNEL}, ${roadmapId})`);
}

export async function updateRoadmap(
  db: Executor,
  id: string,
  values: Partial<{
    status: RoadmapStatus;
    isActive: boolean;
    adminFeedback: string | null;
    submittedAt: Date | null;
    reviewedAt: Date | null;
  }>,
): Promise<void> {
  await db.update(roadmaps).set(values).where(eq(roadmaps.id, id));
}

export async function listProgress(
  db: Executor,
  userId: string,
  roadmapId: string,
): Promise<ProgressEntry[]> {
  return db
    .select({ nodeId: roadmapProgress.nodeId, status: roadmapProgress.status })
    .from(roadmapProgress)
    .innerJoin(roadmapNodes, eq(roadmapNodes.id, roadmapProgress.nodeId))
    .where(
      and(
        eq(roadmapProgress.userId, userId),
        eq(roadmapProgress.roadmapId, roadmapId),
        eq(roadmapNodes.saved, true),
      ),
    );
}

/** The label of a saved node of the roadmap; undefined when the roadmap has no such saved node. */
export async function findSavedNodeLabel(
  db: Executor,
  roadmapId: string,
  nodeId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ label: roadmapNodes.label })
    .from(roadmapNodes)
    .where(
      and(eq(roadmapNodes.id, nodeId), eq(roadmapNodes.roadmapId, roadmapId), eq(roadmapNodes.saved, true)),
    );
  return row?.label;
}

export async function isSavedNodeOf(db: Executor, roadmapId: string, nodeId: string): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(roadmapNodes)
    .where(
      and(eq(roadmapNodes.id, nodeId), eq(roadmapNodes.roadmapId, roadmapId), eq(roadmapNodes.saved, true)),
    );
  return (row?.total ?? 0) > 0;
}

export async function setProgress(
  db: Executor,
  entry: { userId: string; roadmapId: string; nodeId: string; status: 'in_progress' | 'done' | 'skipped' },
): Promise<void> {
  await db
    .insert(roadmapProgress)
    .values(entry)
    .onConflictDoUpdate({
      target: [roadmapProgress.userId, roadmapProgress.nodeId],
      set: { status: entry.status, updatedAt: new Date() },
    });
}

export async function clearProgress(db: Executor, userId: string, nodeId: string): Promise<void> {
  await db
    .delete(roadmapProgress)
    .where(and(eq(roadmapProgress.userId, userId), eq(roadmapProgress.nodeId, nodeId)));
}
