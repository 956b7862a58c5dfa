import { notesRefusal, type BookingStatus } from '@skillroute/shared/bookings';

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
