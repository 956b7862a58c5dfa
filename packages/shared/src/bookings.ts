import { z } from 'zod';
import { idSchema } from './ids';

/**
 * Bookings of a paid one-hour session (spec §1, §3, §7; DESIGN.md §4 "Bookings and payments"), written once:
 * the request validation, the OpenAPI document and the web's types use these schemas. Amounts are integer
 * paise in INR; times are UTC ISO instants.
 */

/** pending_payment → confirmed → completed; pending_payment → expired | payment_failed; confirmed → cancelled. */
export const BOOKING_STATUSES = ['pending_payment', 'confirmed', 'completed', 'expired', 'payment_failed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The statuses that hold time: no two such bookings of one mentor, nor of one mentee, overlap. */
export const LIVE_BOOKING_STATUSES = ['pending_payment', 'confirmed'] as const satisfies readonly BookingStatus[];

/** How long a new booking holds its slot while the mentee pays. */
export const HOLD_MINUTES = 15;
/** Every session is one hour, on a slot of the mentor's availability. */
export const SESSION_MINUTES = 60;
export const BOOKING_CURRENCY = 'INR';

/** Ours: the spec gives no texts for these. */
export const bookingMessages = {
  slotTaken: 'This slot was just taken. Please choose another time.',
  overlapOwn: 'You already have a session at this time.',
  notAFreeSlot: "This time is not one of the mentor's free slots. Please choose a slot from the list.",
  bookingYourself: 'You cannot book a session with yourself.',
  mentorNotBookable: 'This mentor cannot be booked.',
  notFound: 'Booking not found.',
  notYourBookings: 'You can only see your own bookings.',
  startTimeFormat: 'Give the start as an ISO instant, like 2026-12-01T10:00:00Z',
  statusUnknown: `Status is one of ${BOOKING_STATUSES.join(', ')}`,
} as const;

/** An instant with its offset ("2026-12-01T10:00:00Z", "2026-12-01T15:30:00+05:30"); a bare date is not a start. */
export const instantSchema = z.string().refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)), {
  message: bookingMessages.startTimeFormat,
});

/** `POST /api/bookings`. */
export const createBookingBodySchema = z.object({ mentorId: idSchema, startTime: instantSchema });
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>;

export const bookingPartySchema = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type BookingParty = z.infer<typeof bookingPartySchema>;

/** Who cancelled a booking, why and when (set by the cancellation work). */
export const bookingCancellationSchema = z.object({ cancelledBy: z.enum(['mentor', 'mentee']), reason: z.string(), cancelledAt: z.string() });
export type BookingCancellation = z.infer<typeof bookingCancellationSchema>;

/** The mentee's review of a completed session (set by the review work). */
export const bookingReviewSchema = z.object({ rating: z.number().int().min(1).max(5), comment: z.string(), createdAt: z.string() });
export type BookingReview = z.infer<typeof bookingReviewSchema>;

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
  review: bookingReviewSchema.optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingResponseSchema = z.object({ booking: bookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

export const bookingListResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

/** `GET /api/bookings/:mentorId?status=` and `GET /api/bookings/profile/:mentorId?status=`. */
export const bookingListQuerySchema = z.object({ status: z.enum(BOOKING_STATUSES, bookingMessages.statusUnknown).optional() });
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
