/**
 * The marketplace's limits (DESIGN.md §4b "Marketplace limits"), named once with the words people read when
 * they reach one: no single account can hold a mentor's calendar or flood the booking route.
 */
import { msg } from './i18n/msg';

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
/** `POST /api/bookings/:id/notes` per signed-in user: plenty for writing and fixing, too few to flood. */
export const NOTES_SAVES_MAX = 30;
export const NOTES_SAVES_WINDOW_MINUTES = 10;
/**
 * `POST /api/bookings/:id/reschedule` per signed-in user: a booking moves at most twice, so this only bounds
 * the attempts (each one locks both people's time), not what a person may do.
 */
export const RESCHEDULE_REQUESTS_MAX = 10;
export const RESCHEDULE_REQUESTS_WINDOW_MINUTES = 10;

/** A wait in words a person reads at a glance: "1 minute", "25 minutes", "about 3 hours" (rounded up). */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? msg('1 minute') : msg('{minutes} minutes', { minutes });
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? msg('about 1 hour') : msg('about {hours} hours', { hours });
}

export const limitMessages = {
  holdsAtOnce: msg(
    'You already hold {max} unpaid sessions. Pay for one, or let it lapse, before you hold another.',
    { max: HOLDS_AT_ONCE_MAX },
  ),
  holdWithMentor: msg(
    'You already hold an unpaid session with this mentor. Pay for it, or let it lapse, before you hold another.',
  ),
  lapsedHolds: (waitSeconds: number) =>
    msg(
      '{max} of your holds lapsed unpaid in the last {hours} hours, so you can hold a new session again in {wait}.',
      { max: LAPSED_HOLDS_PER_DAY_MAX, hours: LAPSED_HOLDS_WINDOW_HOURS, wait: waitInWords(waitSeconds) },
    ),
  bookingRequests: (waitSeconds: number) =>
    msg('You have made {max} booking requests in {minutes} minutes. You can make the next in {wait}.', {
      max: BOOKING_REQUESTS_MAX,
      minutes: BOOKING_REQUESTS_WINDOW_MINUTES,
      wait: waitInWords(waitSeconds),
    }),
  rescheduleRequests: (waitSeconds: number) =>
    msg('You have tried to move sessions {max} times in {minutes} minutes. You can try again in {wait}.', {
      max: RESCHEDULE_REQUESTS_MAX,
      minutes: RESCHEDULE_REQUESTS_WINDOW_MINUTES,
      wait: waitInWords(waitSeconds),
    }),
  notesSaves: (waitSeconds: number) =>
    msg('You have saved notes {max} times in {minutes} minutes. You can save again in {wait}.', {
      max: NOTES_SAVES_MAX,
      minutes: NOTES_SAVES_WINDOW_MINUTES,
      wait: waitInWords(waitSeconds),
    }),
} as const;

/** How deep a JSON request body may nest: deeper is no request of ours, and walking it costs a stack. */
export const JSON_NESTING_MAX = 64;
export const jsonNestingMessage = msg('The request body nests deeper than {max} levels.', {
  max: JSON_NESTING_MAX,
});

/** A waiting person hears of one mentor's freed slots at most once in this many hours, however many free up. */
export const WAITLIST_NOTICE_HOURS = 24;

// ——— Meeting rooms (the `/meet` namespace): no one floods the other person, the server or the history ———

/** The longest chat message, in characters. */
export const CHAT_MESSAGE_MAX = 1000;
/** Chat messages one person may send in the window below, however many sockets they have. */
export const CHAT_MESSAGES_MAX = 20;
export const CHAT_MESSAGES_WINDOW_SECONDS = 10;
/** Chat messages a room keeps; older ones are deleted as new ones come. */
export const ROOM_MESSAGES_KEPT = 500;
/** The newest chat messages a join hands back. */
export const JOIN_HISTORY_MESSAGES = 100;
/** The largest `signal` payload, counted as the bytes of its JSON. */
export const SIGNAL_PAYLOAD_MAX_BYTES = 64 * 1024;
/** Signals one socket may send per second. */
export const SIGNALS_PER_SECOND_MAX = 50;
/** `/meet` sockets one user may have open at once (tabs, devices). */
export const MEET_SOCKETS_PER_USER_MAX = 4;
/** `media-state` messages (camera or microphone turned on or off) one socket may send in the window below. */
export const MEDIA_STATES_MAX = 20;
export const MEDIA_STATES_WINDOW_SECONDS = 10;

export const meetLimitMessages = {
  chatTooLong: msg('Keep a message to {max} characters or fewer.', { max: CHAT_MESSAGE_MAX }),
  chatRate: msg(
    'You have sent {max} messages in {seconds} seconds. Wait a few seconds before sending the next.',
    { max: CHAT_MESSAGES_MAX, seconds: CHAT_MESSAGES_WINDOW_SECONDS },
  ),
  signalTooLarge: msg('That signal is larger than {kilobytes} kB.', {
    kilobytes: SIGNAL_PAYLOAD_MAX_BYTES / 1024,
  }),
  signalRate: msg('More than {max} signals in one second. Slow down.', { max: SIGNALS_PER_SECOND_MAX }),
  mediaStateRate: msg(
    'You turned the camera or microphone on or off {max} times in {seconds} seconds. Wait a few seconds.',
    { max: MEDIA_STATES_MAX, seconds: MEDIA_STATES_WINDOW_SECONDS },
  ),
  tooManySockets: msg(
    'You already have this meeting open in {max} windows. Close one of them to open it here.',
    { max: MEET_SOCKETS_PER_USER_MAX },
  ),
} as const;

/** The header that makes a booking, payment or cancellation safe to send again (DESIGN.md §4b). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key's first answer is kept for its repeats. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A key's change committed this long ago without an answer recorded: the request that made it died. */
export const IDEMPOTENCY_ANSWER_LOST_AFTER_SECONDS = 120;

export const idempotencyMessages = {
  keyInvalid: msg('The Idempotency-Key header must be 1 to {max} characters.', {
    max: IDEMPOTENCY_KEY_MAX_LENGTH,
  }),
  keyReused: msg('This Idempotency-Key was already used for a different request.'),
  inProgress: msg('A request with this key is still in progress.'),
  answerLost: msg(
    'This request was carried out, but its answer was lost on the way. Reload the page to see the result.',
  ),
} as const;
