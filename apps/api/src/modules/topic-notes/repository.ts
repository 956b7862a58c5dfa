import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { topicNotes } from '../../db/schema';

/** One reader's notes on some topics of a roadmap: node id → text (topics without a note are left out). */
export async function notesOnTopics(
  db: Executor,
  input: { userId: string; roadmapId: string; nodeIds: readonly string[] },
): Promise<Map<string, string>> {
  if (input.nodeIds.length === 0) return new Map();
  const rows = await db
    .select({ nodeId: topicNotes.nodeId, text: topicNotes.text })
    .from(topicNotes)
    .where(
      and(
        eq(topicNotes.userId, input.userId),
        eq(topicNotes.roadmapId, input.roadmapId),
        inArray(topicNotes.nodeId, [...input.nodeIds]),
      ),
    );
  return new Map(rows.map((row) => [row.nodeId, row.text]));
}
