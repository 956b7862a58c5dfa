import { notesRefusal, type BookingStatus } from '@skillroute/shared/bookings';
import type { ProgressStatus } from '@skillroute/shared/roadmap-rules';

/** A reader's marks by topic, and how many are done and in progress (the total is the roadmap's saved topics). */
export function progressOfMarks(marks: ReadonlyArray<{ nodeId: string; status: ProgressStatus }>): {
  marks: Map<string, ProgressStatus>;
  done: number;
  inProgress: number;
} {
  return {
    marks: new Map(marks.map((mark) => [mark.nodeId, mark.status])),
    done: marks.filter((mark) => mark.status === 'done').length,
    inProgress: marks.filter((mark) => mark.status === 'in_progress').length,
  };
}

interface BookingFacts {
  mentorId: string;
  status: BookingStatus;
  startTime: Date;
  roadmapId: string | null;
}

/** Who may read what a booking's mentee shared (DESIGN.md §4b): its mentor, nobody else (its mentee neither). */
export function learningRefusal(booking: { mentorId: string }, userId: string): 'not_yours' | undefined {
  return booking.mentorId === userId ? undefined : 'not_yours';
}

/**
 * Why a user may not recommend topics on a booking now, or undefined when they may: its mentor only, on a
 * session about a roadmap, once it has started (confirmed or completed, the start passed), as for the notes.
 */
export function recommendRefusal(
  booking: BookingFacts,
  userId: string,
  now: Date,
): 'not_yours' | 'no_roadmap' | 'not_a_session' | 'not_started' | undefined {
  const refusal = notesRefusal(booking, userId, now);
  if (refusal === 'not_yours') return refusal;
  if (booking.roadmapId === null) return 'no_roadmap';
  return refusal;
}

/** One issue per chosen id that is not among `known` (the roadmap's saved topics), naming its place. */
export function unknownTopicIssues(
  nodeIds: readonly string[],
  known: ReadonlySet<string>,
  message: string,
): Array<{ message: string; field: string }> {
  return nodeIds.flatMap((nodeId, index) =>
    known.has(nodeId) ? [] : [{ message, field: `nodeIds.${index}` }],
  );
}

/** A stack name as plain text inside a pattern: names carry signs ("C++", "C#", "Node.js"). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The stacks whose name a text names as a whole word, case-insensitively ("React" in "React hooks", "DevOps"
 * in "DevOps Engineer", not "Java" in "JavaScript"). A roadmap has no stack of its own (docs/decisions/064):
 * its title and the topic's label are the nearest honest link to the skill tests mentors passed.
 */
export function stacksNamedIn(texts: readonly string[], stackNames: readonly string[]): string[] {
  return stackNames.filter((name) => {
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(name)}($|[^\\p{L}\\p{N}+#])`, 'iu');
    return texts.some((text) => pattern.test(text));
  });
}
