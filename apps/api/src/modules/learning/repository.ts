// The queries of learning with a mentor: a booking's roadmap facts, its topics, and the recommendations (the
// mentee's progress is the roadmaps module's read, roadmaps/service.ts marksOf).
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { RoadmapStatus } from '@skillroute/shared/roadmap-rules';
import type { Executor } from '../../db/client';
import { bookings, roadmapNodes, roadmaps, stacks, topicRecommendations, users } from '../../db/schema';

/** What choosing a roadmap for a booking needs to know of it. */
export async function findRoadmapFacts(
  db: Executor,
  roadmapId: string,
): Promise<
  { id: string; title: string; status: RoadmapStatus; isActive: boolean; authorId: string } | undefined
> {
  const [row] = await db
    .select({
      id: roadmaps.id,
      title: roadmaps.title,
      status: roadmaps.status,
      isActive: roadmaps.isActive,
      authorId: roadmaps.authorId,
    })
    .from(roadmaps)
    .where(eq(roadmaps.id, roadmapId));
  return row;
}

/** The saved topics of a roadmap among `nodeIds`, or all of them without it: id and label, in reading order. */
export async function savedTopics(
  db: Executor,
  roadmapId: string,
  nodeIds?: readonly string[],
): Promise<Array<{ nodeId: string; label: string }>> {
  if (nodeIds !== undefined && nodeIds.length === 0) return [];
  return db
    .select({ nodeId: roadmapNodes.id, label: roadmapNodes.label })
    .from(roadmapNodes)
    .where(
      and(
        eq(roadmapNodes.roadmapId, roadmapId),
        eq(roadmapNodes.saved, true),
        nodeIds === undefined ? undefined : inArray(roadmapNodes.id, [...nodeIds]),
      ),
    )
    .orderBy(asc(roadmapNodes.y), asc(roadmapNodes.x), asc(roadmapNodes.id));
}

/** The booking's facts the learning reads decide on. */
export async function findBookingFacts(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      mentorId: bookings.mentorId,
      menteeId: bookings.menteeId,
      status: bookings.status,
      startTime: bookings.startTime,
      roadmapId: bookings.learningRoadmapId,
      nodeIds: bookings.learningNodeIds,
      shareNotes: bookings.shareNotes,
      roadmapTitle: roadmaps.title,
      mentorName: users.name,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.mentorId))
    .leftJoin(roadmaps, eq(roadmaps.id, bookings.learningRoadmapId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Writes or rewrites one recommendation per topic (the note replaced), inside the caller's transaction. */
export async function upsertRecommendations(
  tx: Executor,
  input: {
    bookingId: string;
    roadmapId: string;
    menteeId: string;
    mentorId: string;
    nodeIds: readonly string[];
    note: string;
    now: Date;
  },
): Promise<void> {
  const { nodeIds, now, ...rest } = input;
  await tx
    .insert(topicRecommendations)
    .values(nodeIds.map((nodeId) => ({ ...rest, nodeId, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [topicRecommendations.bookingId, topicRecommendations.nodeId],
      set: { note: rest.note, updatedAt: now },
    });
}

export interface RecommendationRow {
  bookingId: string;
  roadmapId: string;
  roadmapTitle: string;
  nodeId: string;
  label: string;
  note: string;
  mentorId: string;
  mentorName: string;
  updatedAt: Date;
}

/**
 * Recommendations of saved topics (a topic dropped by a republish is no longer shown), newest first: to a
 * mentee (optionally on one roadmap), or of one booking.
 */
export async function listRecommendations(
  db: Executor,
  filter: { menteeId: string; roadmapId?: string } | { bookingId: string },
  limit = 100,
): Promise<RecommendationRow[]> {
  const where =
    'bookingId' in filter
      ? eq(topicRecommendations.bookingId, filter.bookingId)
      : and(
          eq(topicRecommendations.menteeId, filter.menteeId),
          filter.roadmapId === undefined ? undefined : eq(topicRecommendations.roadmapId, filter.roadmapId),
        );
  return db
    .select({
      bookingId: topicRecommendations.bookingId,
      roadmapId: topicRecommendations.roadmapId,
      roadmapTitle: roadmaps.title,
      nodeId: topicRecommendations.nodeId,
      label: roadmapNodes.label,
      note: topicRecommendations.note,
      mentorId: topicRecommendations.mentorId,
      mentorName: users.name,
      updatedAt: topicRecommendations.updatedAt,
    })
    .from(topicRecommendations)
    .innerJoin(
      roadmapNodes,
      and(
        eq(roadmapNodes.id, topicRecommendations.nodeId),
        eq(roadmapNodes.roadmapId, topicRecommendations.roadmapId),
        eq(roadmapNodes.saved, true),
      ),
    )
    .innerJoin(roadmaps, eq(roadmaps.id, topicRecommendations.roadmapId))
    .innerJoin(users, eq(users.id, topicRecommendations.mentorId))
    .where(where)
    .orderBy(desc(topicRecommendations.updatedAt), asc(roadmapNodes.y), asc(topicRecommendations.nodeId))
    .limit(limit);
}

/** The names of the stacks one can be assessed in now (an inactive stack is no longer offered). */
export async function activeStackNames(db: Executor): Promise<string[]> {
  const rows = await db.select({ name: stacks.name }).from(stacks).where(eq(stacks.isActive, true));
  return rows.map((row) => row.name);
}

/** A published, listed roadmap's title and, when given, the label of one of its saved topics. */
export async function findListedRoadmapTexts(
  db: Executor,
  input: { roadmapId: string; topicId?: string },
): Promise<{ title: string; topicLabel: string | undefined } | undefined> {
  const [roadmap] = await db
    .select({ title: roadmaps.title })
    .from(roadmaps)
    .where(
      and(eq(roadmaps.id, input.roadmapId), eq(roadmaps.status, 'published'), eq(roadmaps.isActive, true)),
    );
  if (roadmap === undefined) return undefined;
  if (input.topicId === undefined) return { title: roadmap.title, topicLabel: undefined };
  const [topic] = await savedTopics(db, input.roadmapId, [input.topicId]);
  return { title: roadmap.title, topicLabel: topic?.label };
}
