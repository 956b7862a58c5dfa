import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TopicNote } from '@skillroute/shared/topic-notes';
import type { Executor } from '../../db/client';
import { topicNotes, type TopicNoteRow } from '../../db/schema';

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

const toNote = (row: Pick<TopicNoteRow, 'nodeId' | 'label' | 'text' | 'updatedAt'>): TopicNote => ({
  nodeId: row.nodeId,
  label: row.label,
  text: row.text,
  updatedAt: row.updatedAt.toISOString(),
});

const noteColumns = {
  nodeId: topicNotes.nodeId,
  label: topicNotes.label,
  text: topicNotes.text,
  updatedAt: topicNotes.updatedAt,
};

interface NoteKey {
  userId: string;
  roadmapId: string;
  nodeId: string;
}

const byKey = (key: NoteKey) =>
  and(
    eq(topicNotes.userId, key.userId),
    eq(topicNotes.roadmapId, key.roadmapId),
    eq(topicNotes.nodeId, key.nodeId),
  );

/** Every note of one reader on one roadmap, oldest change first (the order does not matter to the page). */
export async function listNotes(
  db: Executor,
  input: { userId: string; roadmapId: string },
): Promise<TopicNote[]> {
  const rows = await db
    .select(noteColumns)
    .from(topicNotes)
    .where(and(eq(topicNotes.userId, input.userId), eq(topicNotes.roadmapId, input.roadmapId)))
    .orderBy(asc(topicNotes.updatedAt), asc(topicNotes.nodeId));
  return rows.map(toNote);
}

/**
 * Writes the note, or changes nothing when it already says this under this label: the drawer saves after
 * every pause in typing, and a save repeated (a retry, a second tab) must not write a row version nor move
 * `updatedAt`. A new label alone (the topic was renamed) is kept without moving `updatedAt`: the note did not
 * change. Answers the note as it is after the call.
 */
export async function saveNote(
  db: Executor,
  note: NoteKey & { label: string; text: string; now: Date },
): Promise<TopicNote> {
  const { now, ...values } = note;
  const [written] = await db
    .insert(topicNotes)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [topicNotes.userId, topicNotes.roadmapId, topicNotes.nodeId],
      set: {
        text: sql`excluded.text`,
        label: sql`excluded.label`,
        updatedAt: sql`case when ${topicNotes.text} is distinct from excluded.text then excluded.updated_at else ${topicNotes.updatedAt} end`,
      },
      setWhere: sql`${topicNotes.text} is distinct from excluded.text or ${topicNotes.label} is distinct from excluded.label`,
    })
    .returning(noteColumns);
  if (written) return toNote(written);
  const [kept] = await db.select(noteColumns).from(topicNotes).where(byKey(note));
  // Deleted between the two statements (a second tab's empty save): this save's text is what stays wanted.
  if (kept === undefined) return saveNote(db, note);
  return toNote(kept);
}

/** Deletes the note if there is one; deleting nothing is fine. */
export async function deleteNote(db: Executor, key: NoteKey): Promise<void> {
  await db.delete(topicNotes).where(byKey(key));
}
