import { z } from 'zod';
import { idSchema } from './ids';
import { msg } from './i18n/msg';
import { parseInstant } from './instants';
import { bookingLearningFieldsSchema, bookingLearningSchema, learningFieldIssues } from './learning';
import type { Paise } from './money';
import { pageQuerySchema } from './paging';

/**
 * Bookings of a paid one-hour session (spec §1, §3, §7; DESIGN.md §4 "Bookings and payments"), written once:
 * the request validation, the OpenAPI document and the web's types use these schemas. Amounts are integer
 * paise in INR; times are UTC ISO instants.
 */

/**
 * pending_payment → confirmed → completed; pending_payment → expired | payment_failed; confirmed → cancelled;
 * confirmed → no_show (someone never joined the room, DESIGN.md §4b "Session lifecycle").
 */
export const BOOKING_STATUSES = [
  'pending_payment',
  'confirmed',
  'completed',
  'expired',
  'payment_failed',
  'cancelled',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who never joined the room of a `no_show` session. */
export const NO_SHOW_PARTIES = ['mentor', 'mentee', 'both'] as const;
export type NoShowParty = (typeof NO_SHOW_PARTIES)[number];

/** How long a new booking holds its slot while the mentee pays. */
export const HOLD_MINUTES = 15;
/** Every session is one hour, on a slot of the mentor's availability. */
export const SESSION_MINUTES = 60;
export const BOOKING_CURRENCY = 'INR';

/** Ours: the spec gives no texts for these. */
export const bookingMessages = {
  slotTaken: msg('This slot was just taken. Please choose another time.'),
  overlapOwn: msg('You already have a session at this time.'),
  notAFreeSlot: msg("This time is not one of the mentor's free slots. Please choose a slot from the list."),
  bookingYourself: msg('You cannot book a session with yourself.'),
  mentorNotBookable: msg('This mentor cannot be booked.'),
  notFound: msg('Booking not found.'),
  notYourBookings: msg('You can only see your own bookings.'),
  startTimeFormat: msg('Give the start as an ISO instant, like 2026-12-01T10:00:00Z'),
  statusUnknown: msg('Status is one of {statuses}', { statuses: BOOKING_STATUSES.join(', ') }),
} as const;

/** An instant with its offset ("2026-12-01T10:00:00Z", "2026-12-01T15:30:00+05:30"); a bare date is not a start. */
export const instantSchema = z.string().refine((text) => parseInstant(text) !== undefined, {
  message: bookingMessages.startTimeFormat,
});

// ——— The mentee's agenda and the mentor's notes (DESIGN.md §4b "Session lifecycle") ———

/** What the mentee would like to talk about, written when booking. */
export const AGENDA_MAX = 1000;
/** The mentor's notes and homework, written once the session has started. */
export const SESSION_NOTES_MAX = 5000;
/**
 * The mentee hears of the notes this long after a save, with the text as it reads then: a mentor who saves
 * again meanwhile (a typo fixed) sends one notification and one mail, not one per save.
 */
export const NOTES_ANNOUNCE_AFTER_MINUTES = 5;

export const sessionNotesMessages = {
  agendaTooLong: msg('Keep the agenda to {max} characters or fewer.', { max: AGENDA_MAX }),
  agendaText: msg('The agenda must be text.'),
  notesRequired: msg('Write the notes before saving.'),
  notesTooLong: msg('Keep the notes to {max} characters or fewer.', { max: SESSION_NOTES_MAX }),
  notStarted: msg('You can write notes once the session has started.'),
  notANoteSession: msg('Only a confirmed or completed session takes notes.'),
} as const;

/**
 * `POST /api/bookings`; an agenda left empty is no agenda. A session may be about one of the mentee's roadmaps
 * (learning.ts): its id, up to 10 of its topics, and whether the mentor may read the mentee's notes on them.
 */
export const createBookingBodySchema = z
  .object({
    mentorId: idSchema,
    startTime: instantSchema,
    agenda: z
      .string(sessionNotesMessages.agendaText)
      .trim()
      .max(AGENDA_MAX, sessionNotesMessages.agendaTooLong)
      .optional(),
    ...bookingLearningFieldsSchema.shape,
  })
  .superRefine((body, context) => {
    for (const issue of learningFieldIssues(body)) context.addIssue({ code: 'custom', ...issue });
  });
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>;

export const bookingPartySchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type BookingParty = z.infer<typeof bookingPartySchema>;

/** Who cancelled a booking, why and when (set by the cancellation work). */
/** `staff` when neither person did: an admin's refund of a session to come, or the block of one of the two people. */
export const bookingCancellationSchema = z.object({
  cancelledBy: z.enum(['mentor', 'mentee', 'staff']),
  reason: z.string(),
  cancelledAt: z.string(),
});
export type BookingCancellation = z.infer<typeof bookingCancellationSchema>;

/** The mentee's review of a completed session (set by the review work). */
export const bookingReviewSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/**
 * Why money went back to the mentee: a cancellation, a late payment, an admin's refund, the block of one of the
 * two people, or a mentor who never joined the session (no-shows.ts).
 */
export const REFUND_REASONS = [
  'cancelled_by_mentee',
  'cancelled_by_mentor',
  'paid_after_slot_taken',
  'refunded_by_admin',
  'user_blocked',
  'party_blocked',
  'mentor_no_show',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** DESIGN.md §4: a booking as either of its two people see it. */
export const bookingSchema = z.object({
  id: z.string(),
  mentorId: z.string(),
  menteeId: z.string(),
  mentor: bookingPartySchema,
  mentee: bookingPartySchema,
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Paise: the mentor's price at booking time. */
  amount: z.number().int(),
  currency: z.literal(BOOKING_CURRENCY),
  /** Until when a pending_payment booking holds its slot. */
  holdExpiresAt: z.string(),
  roomId: z.string(),
  cancellation: bookingCancellationSchema.optional(),
  /** Money returned: by a cancellation's tier, or in full for a payment that came after the slot was taken. */
  refund: z
    .object({ amount: z.number().int(), status: z.enum(REFUND_STATUSES), reason: z.enum(REFUND_REASONS) })
    .optional(),
  review: bookingReviewSchema.optional(),
  /** On a `no_show` booking, who did not come (no-shows.ts). */
  noShow: z.enum(NO_SHOW_PARTIES).optional(),
  /** When each person first joined the room, by the server's clock; only its two people read it. */
  presence: z
    .object({ mentorJoinedAt: z.string().nullable(), menteeJoinedAt: z.string().nullable() })
    .optional(),
  /** Its mentee's documents, in their list only: the receipt's number once paid, the credit note's once refunded. */
  receiptNumber: z.string().optional(),
  creditNoteNumber: z.string().optional(),
  /** What the mentee would like to talk about; only its two people read it (admins' lists leave it out). */
  agenda: z.string().optional(),
  /** The mentor's notes and homework, and when they were last changed; only its two people read them. */
  notes: z.object({ text: z.string(), updatedAt: z.string() }).optional(),
  /** How many times the session was moved (at most RESCHEDULE_MAX), and the starts it had before, oldest first. */
  rescheduleCount: z.number().int(),
  previousStartTimes: z.array(z.string()),
  /** The roadmap the session is about, the topics chosen and whether notes are shared; its two people only. */
  learning: bookingLearningSchema.optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingResponseSchema = z.object({ booking: bookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

export const bookingListResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

/** `GET /api/bookings/:mentorId?status=` and `GET /api/bookings/profile/:mentorId?status=`. */
export const bookingListQuerySchema = z.object({
  status: z.enum(BOOKING_STATUSES, bookingMessages.statusUnknown).optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

// ——— Cancellation and refunds (DESIGN.md §4) ———

/** A mentee who cancels more than this many hours before the start gets everything back. */
export const FULL_REFUND_HOURS = 24;
/** From FULL_REFUND_HOURS down to this many hours before the start, half; under it, nothing. */
export const HALF_REFUND_HOURS = 2;
export const CANCEL_REASON_MAX = 500;

export type CancellingParty = 'mentor' | 'mentee';

/** Which party of a booking a user is: its mentor, its mentee, or (undefined) neither. */
export function partyOf(
  booking: { mentorId: string; menteeId: string },
  userId: string,
): CancellingParty | undefined {
  if (booking.mentorId === userId) return 'mentor';
  if (booking.menteeId === userId) return 'mentee';
  return undefined;
}

/**
 * Why a user may not pay for a booking now, or undefined when they may: only its mentee pays, only while it
 * waits for payment, and only before its hold lapses (the api answers each refusal with its own words).
 */
export function paymentRefusal(
  booking: { menteeId: string; status: BookingStatus; holdExpiresAt: Date | string },
  userId: string,
  now: Date,
): 'not_yours' | 'not_payable' | 'hold_lapsed' | undefined {
  if (booking.menteeId !== userId) return 'not_yours';
  if (booking.status !== 'pending_payment') return 'not_payable';
  if (new Date(booking.holdExpiresAt).getTime() <= now.getTime()) return 'hold_lapsed';
  return undefined;
}

/**
 * Why a user may not write a booking's notes now, or undefined when they may: only its mentor, only on a
 * confirmed or completed session, and only once it has started (the api answers 404, then 409 with its reason).
 */
export function notesRefusal(
  booking: { mentorId: string; status: BookingStatus; startTime: Date | string },
  userId: string,
  now: Date,
): 'not_yours' | 'not_a_session' | 'not_started' | undefined {
  if (booking.mentorId !== userId) return 'not_yours';
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return 'not_a_session';
  if (new Date(booking.startTime).getTime() > now.getTime()) return 'not_started';
  return undefined;
}

/** `POST /api/bookings/:id/notes`: the whole text, which replaces what was there. */
export const sessionNotesBodySchema = z.object({
  text: z
    .string(sessionNotesMessages.notesRequired)
    .trim()
    .min(1, sessionNotesMessages.notesRequired)
    .max(SESSION_NOTES_MAX, sessionNotesMessages.notesTooLong),
});
export type SessionNotesBody = z.infer<typeof sessionNotesBodySchema>;

/**
 * What a cancellation returns to the mentee, in paise: the mentor cancelling always returns everything; the
 * mentee gets everything more than 24 h before the start, half (rounded down to the paisa) from 24 h to 2 h
 * inclusive, nothing under 2 h. The one rule both the confirmation dialog and the api apply.
 */
export function refundForCancellation(input: {
  amount: Paise;
  startTime: Date | string;
  cancelledBy: CancellingParty;
  now: Date;
}): { amount: Paise; share: 'full' | 'half' | 'none' } {
  if (input.cancelledBy === 'mentor') return { amount: input.amount, share: 'full' };
  const msBefore = new Date(input.startTime).getTime() - input.now.getTime();
  const hour = 60 * 60 * 1000;
  if (msBefore > FULL_REFUND_HOURS * hour) return { amount: input.amount, share: 'full' };
  if (msBefore >= HALF_REFUND_HOURS * hour) return { amount: Math.floor(input.amount / 2), share: 'half' };
  return { amount: 0, share: 'none' };
}

/** The policy in plain words, shown beside the Book button and in the cancel dialog. */
export const CANCELLATION_POLICY = msg(
  'Cancel more than {full} hours before the start for a full refund, between {full} and {half} hours before for half, and under {half} hours for none. If the mentor cancels, you get everything back.',
  { full: FULL_REFUND_HOURS, half: HALF_REFUND_HOURS },
);

export const cancelMessages = {
  reasonRequired: msg('Please give a reason for cancelling.'),
  reasonTooLong: msg('Keep the reason under {max} characters.', { max: CANCEL_REASON_MAX }),
  notCancellable: msg('Only a confirmed session that has not started can be cancelled.'),
  notYours: msg('You can only cancel your own sessions.'),
} as const;

/** `POST /api/bookings/:id/cancel`. */
export const cancelBookingBodySchema = z.object({
  reason: z
    .string(cancelMessages.reasonRequired)
    .trim()
    .min(1, cancelMessages.reasonRequired)
    .max(CANCEL_REASON_MAX, cancelMessages.reasonTooLong),
});
export type CancelBookingBody = z.infer<typeof cancelBookingBodySchema>;

export const refundSchema = z.object({
  amount: z.number().int(),
  currency: z.literal(BOOKING_CURRENCY),
  status: z.enum(REFUND_STATUSES),
});
export type Refund = z.infer<typeof refundSchema>;

export const cancelBookingResponseSchema = z.object({ booking: bookingSchema, refund: refundSchema });
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

// ——— Reviews (DESIGN.md §4) ———

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEWS_PAGE_SIZE = 10;

export const reviewMessages = {
  ratingRange: msg('Choose a rating from 1 to 5 stars.'),
  commentTooLong: msg('Keep the review under {max} characters.', { max: REVIEW_COMMENT_MAX }),
  notReviewable: msg('Only the mentee can review a session, once, after it is completed.'),
  alreadyReviewed: msg('You have already reviewed this session.'),
} as const;

/** `POST /api/bookings/:id/review`. */
export const reviewBodySchema = z.object({
  rating: z
    .number(reviewMessages.ratingRange)
    .int(reviewMessages.ratingRange)
    .min(1, reviewMessages.ratingRange)
    .max(5, reviewMessages.ratingRange),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, reviewMessages.commentTooLong),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewResponseSchema = z.object({ review: bookingReviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const mentorReviewSchema = z.object({
  rating: z.number().int(),
  comment: z.string(),
  author: z.object({ name: z.string(), avatar: z.string().nullable() }),
  createdAt: z.string(),
});
export type MentorReview = z.infer<typeof mentorReviewSchema>;

/** `GET /api/mentors/:mentorId/reviews?page=` (public), newest first. */
export const mentorReviewsQuerySchema = z.object({
  page: pageQuerySchema(),
});
export const mentorReviewsResponseSchema = z.object({
  reviews: z.array(mentorReviewSchema),
  total: z.number().int(),
});
export type MentorReviewsResponse = z.infer<typeof mentorReviewsResponseSchema>;

// ——— Waitlist (DESIGN.md §4, beyond the anchors) ———

/** A mentor with no free slot in this many days offers "Tell me when a slot frees up"; a slot freed inside it is announced. */
export const WAITLIST_HORIZON_DAYS = 14;

/** `GET|POST|DELETE /api/mentors/:mentorId/waitlist` answer whether the caller is waiting. */
export const waitlistResponseSchema = z.object({ waiting: z.boolean() });
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

export const waitlistMessages = {
  joined: msg("We'll tell you when a slot frees up."),
  left: msg('You will no longer be told about free slots of this mentor.'),
  notOnYourself: msg('You cannot wait for your own slots.'),
} as const;

// ——— Rescheduling (DESIGN.md §4b "Session lifecycle") ———

/** The mentee moves a session only while more than this many hours remain before its start. */
export const RESCHEDULE_MENTEE_MIN_HOURS = 12;
/** A booking moves at most this many times, whoever moves it. */
export const RESCHEDULE_MAX = 2;

/** The policy in plain words, shown beside the Book button and in the reschedule dialog. */
export const RESCHEDULE_POLICY = msg(
  'You can move a session to another free hour of the same mentor, at no charge, until {hours} hours before it starts, at most {times} times. The mentor can move it any time before it starts.',
  { hours: RESCHEDULE_MENTEE_MIN_HOURS, times: RESCHEDULE_MAX },
);

export const rescheduleMessages = {
  notConfirmed: msg('Only a confirmed session can be moved.'),
  menteeTooLate: msg(
    'A session can be moved only more than {hours} hours before it starts. You can still cancel it.',
    { hours: RESCHEDULE_MENTEE_MIN_HOURS },
  ),
  started: msg('This session has started and can no longer be moved.'),
  limitReached: msg('This session has been moved {times} times already, the most a session can be.', {
    times: RESCHEDULE_MAX,
  }),
  sameTime: msg('The session is already at this time. Choose another hour.'),
  menteeBusy: msg('Your mentee already has a session at this time. Choose another hour.'),
  moved: msg('Your session was moved.'),
} as const;

export type RescheduleRefusal = 'not_yours' | 'not_confirmed' | 'too_late' | 'started' | 'limit_reached';

/**
 * Why a user may not move a booking now, or undefined when they may: only its two people, only a confirmed
 * session, at most RESCHEDULE_MAX times; the mentee only more than RESCHEDULE_MENTEE_MIN_HOURS before the
 * start (at exactly 12 hours, no), the mentor any time before it. The one rule the dialog and the api apply.
 */
export function rescheduleRefusal(
  booking: {
    mentorId: string;
    menteeId: string;
    status: BookingStatus;
    startTime: Date | string;
    rescheduleCount: number;
  },
  userId: string,
  now: Date,
): RescheduleRefusal | undefined {
  const party = partyOf(booking, userId);
  if (party === undefined) return 'not_yours';
  if (booking.status !== 'confirmed') return 'not_confirmed';
  const msBefore = new Date(booking.startTime).getTime() - now.getTime();
  if (msBefore <= 0) return 'started';
  if (booking.rescheduleCount >= RESCHEDULE_MAX) return 'limit_reached';
  if (party === 'mentee' && msBefore <= RESCHEDULE_MENTEE_MIN_HOURS * 60 * 60 * 1000) return 'too_late';
  return undefined;
}

/** The words of each refusal but `not_yours` (the api answers a stranger 404, as for no booking). */
export const rescheduleRefusalMessages: Record<Exclude<RescheduleRefusal, 'not_yours'>, string> = {
  not_confirmed: rescheduleMessages.notConfirmed,
  too_late: rescheduleMessages.menteeTooLate,
  started: rescheduleMessages.started,
  limit_reached: rescheduleMessages.limitReached,
};

/** `POST /api/bookings/:id/reschedule`: the new start, one of the mentor's free slots. */
export const rescheduleBookingBodySchema = z.object({ startTime: instantSchema });
export type RescheduleBookingBody = z.infer<typeof rescheduleBookingBodySchema>;
