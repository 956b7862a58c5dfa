/**
 * The marketplace's limits (DESIGN.md §4b "Marketplace limits"), named once with the words people read when
 * they reach one: no single account can hold a mentor's calendar or flood the booking route.
 */

/** Unpaid holds (pending_payment) a mentee may have at once, across all mentors. */
export const HOLDS_AT_ONCE_MAX = 3;
/** Unpaid holds a mentee may have with any one mentor. */
export const HOLDS_WITH_ONE_MENTOR_MAX = 1;
/** Holds that lapsed unpaid in the last day after which a mentee's next hold waits. */
export const LAPSED_HOLDS_PER_DAY_MAX = 3;
export const LAPSED_HOLDS_WINDOW_HOURS = 24;
/** `POST /api/bookings` per signed-in user. */
export const BOOKING_REQUESTS_MAX = 10;
export const BOOKING_REQUESTS_WINDOW_MINUTES = 10;

export const limitMessages = {
  holdsAtOnce: `You already hold ${HOLDS_AT_ONCE_MAX} unpaid sessions. Pay for one, or let it lapse, before you hold another.`,
  holdWithMentor:
    'You already hold an unpaid session with this mentor. Pay for it, or let it lapse, before you hold another.',
  lapsedHolds: `${LAPSED_HOLDS_PER_DAY_MAX} of your holds lapsed unpaid in the last ${LAPSED_HOLDS_WINDOW_HOURS} hours, so you can hold a new session again a little later.`,
  bookingRequests: `You have made ${BOOKING_REQUESTS_MAX} booking requests in ${BOOKING_REQUESTS_WINDOW_MINUTES} minutes. Please wait a few minutes before the next.`,
} as const;

/** How deep a JSON request body may nest: deeper is no request of ours, and walking it costs a stack. */
export const JSON_NESTING_MAX = 64;
export const jsonNestingMessage = `The request body nests deeper than ${JSON_NESTING_MAX} levels.`;

/** A waiting person hears of one mentor's freed slots at most once in this many hours, however many free up. */
export const WAITLIST_NOTICE_HOURS = 24;
