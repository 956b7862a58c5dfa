import { z } from 'zod';
import type { Booking, CancellingParty, NoShowParty } from './bookings';
import { msg } from './i18n/msg';

/**
 * Who came to a session, and what follows when someone did not (DESIGN.md §4b "Session lifecycle"), written
 * once for the api (the sweeper, the wire, the admin's view) and the web (the booking, the policy before paying).
 */

/** A confirmed session nobody settled is decided this long after its start. */
export const NO_SHOW_DECISION_MINUTES = 10;
/** A mentor who misses this many sessions within NO_SHOW_WINDOW_DAYS is taken off the listing… */
export const NO_SHOW_LIMIT = 3;
export const NO_SHOW_WINDOW_DAYS = 90;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** When a session's no-show decision falls due: NO_SHOW_DECISION_MINUTES after its start. */
export const noShowDecisionAt = (startTime: Date | string): Date =>
  new Date(new Date(startTime).getTime() + NO_SHOW_DECISION_MINUTES * MINUTE_MS);

/** Whether a session starting at `startTime` may be decided at `now`. */
export const isNoShowDecisionDue = (startTime: Date | string, now: Date): boolean =>
  noShowDecisionAt(startTime).getTime() <= now.getTime();

/**
 * Who did not come, from when each person first joined the room (null: never): the mentor, the mentee, both,
 * or undefined when both came (the session completes as usual).
 */
export function noShowOf(presence: {
  mentorJoinedAt: Date | string | null;
  menteeJoinedAt: Date | string | null;
}): NoShowParty | undefined {
  const mentorCame = presence.mentorJoinedAt !== null;
  const menteeCame = presence.menteeJoinedAt !== null;
  if (mentorCame && menteeCame) return undefined;
  if (!mentorCame && !menteeCame) return 'both';
  return mentorCame ? 'mentee' : 'mentor';
}

/** The no-shows in which the mentor missed the session (alone or with the mentee): refunded, and counted against them. */
export const MENTOR_MISSED: readonly NoShowParty[] = ['mentor', 'both'];

/** Whether the mentor missed the session: the mentee is refunded and it counts against the mentor. */
export const mentorMissed = (noShow: NoShowParty): boolean => MENTOR_MISSED.includes(noShow);

/** Where a mentor's no-shows start counting at `now`: the window's start, or the admin's last restore if later. */
export function noShowsCountFrom(now: Date, clearedAt: Date | null): Date {
  const windowStart = new Date(now.getTime() - NO_SHOW_WINDOW_DAYS * DAY_MS);
  return clearedAt !== null && clearedAt.getTime() > windowStart.getTime() ? clearedAt : windowStart;
}

/** Whether this many counted no-shows take a mentor off the listing. */
export const reachesNoShowLimit = (count: number): boolean => count >= NO_SHOW_LIMIT;

/** The policy in plain words, beside the cancellation policy before paying. */
export const NO_SHOW_POLICY = msg(
  "If your mentor has not joined the session's room {minutes} minutes after the start, you get everything back. If you have not joined by then and your mentor has, there is no refund.",
  { minutes: NO_SHOW_DECISION_MINUTES },
);

/** What was decided, as the person reading the booking (`viewer`) reads it. */
export function noShowVerdict(noShow: NoShowParty, viewer: CancellingParty): string {
  switch (noShow) {
    case 'mentor':
      return viewer === 'mentee'
        ? msg('The mentor did not join; you are refunded in full.')
        : msg('You did not join this session; the mentee is refunded in full.');
    case 'both':
      return viewer === 'mentee'
        ? msg('Neither of you joined; you are refunded in full.')
        : msg('Neither of you joined; the mentee is refunded in full.');
    case 'mentee':
      return viewer === 'mentee'
        ? msg('You did not join this session, and your mentor did; there is no refund.')
        : msg('The mentee did not join; you are paid as for a completed session.');
  }
}

/** When each person first joined the room (ISO instants, null for never), as the booking carries it. */
export type Presence = NonNullable<Booking['presence']>;

// ——— The admin's view of a mentor's no-shows ———

export const noShowAdminMessages = {
  notAMentor: msg('This user is not a mentor.'),
  notHidden: msg('This mentor is on the listing already.'),
} as const;

/** A mentor's no-shows as the admin sees them: how many count now, and since when they are off the listing. */
export const mentorNoShowsSchema = z.object({
  /** Missed sessions within NO_SHOW_WINDOW_DAYS, since the last restore. */
  count: z.number().int().nonnegative(),
  limit: z.number().int(),
  windowDays: z.number().int(),
  /** When the mentor was taken off the listing for them (ISO), or null while listed. */
  hiddenAt: z.string().nullable(),
  /** When an admin last restored the mentor (ISO), or null. */
  clearedAt: z.string().nullable(),
});
export type MentorNoShows = z.infer<typeof mentorNoShowsSchema>;

/** `POST /api/admin/mentors/:id/restore-listing` → the mentor's no-shows after the restore. */
export const restoreListingResponseSchema = z.object({ noShows: mentorNoShowsSchema });
export type RestoreListingResponse = z.infer<typeof restoreListingResponseSchema>;
