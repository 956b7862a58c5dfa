import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BookingStatus, NoShowParty } from '@skillroute/shared/bookings';
import { createdAt, updatedAt } from './columns';
import { roadmaps } from './roadmaps';
import { users } from './users';
import type { Paise } from '@skillroute/shared/money';

// The shared list, spelled out here so drizzle-kit reads the schema without loading the shared package;
// `satisfies` keeps the two in step.
const statuses = [
  'pending_payment',
  'confirmed',
  'completed',
  'expired',
  'payment_failed',
  'cancelled',
  'no_show',
] as const satisfies readonly BookingStatus[];
export const bookingStatus = pgEnum('booking_status', statuses);

/**
 * A paid one-hour session between a mentor and a mentee (DESIGN.md §4 "Bookings and payments"). A live
 * booking (pending_payment or confirmed) holds its time: two exclusion constraints over
 * `tstzrange(start_time, end_time)`, written by hand in migration 0011_bookings, refuse a second live booking
 * that overlaps for the same mentor or the same mentee (SQLSTATE 23P01), whatever the code above them does.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    mentorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    menteeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    status: bookingStatus().notNull().default('pending_payment'),
    /** Paise: the mentor's price when the booking was made. */
    amount: integer().$type<Paise>().notNull(),
    currency: text().notNull().default('INR'),
    /** Until when a pending_payment booking holds its slot; a lapsed hold no longer counts as live. */
    holdExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The video room of the session. */
    roomId: uuid().notNull().unique().defaultRandom(),
    /** Who takes the money, and their id of the payment; set when paying starts. */
    provider: text(),
    providerPaymentId: text().unique(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text(),
    /** Paise returned to the mentee (a cancellation's tier, or the whole of a payment that came too late). */
    refundAmount: integer().$type<Paise>(),
    /** pending | succeeded | failed, as the provider last reported it. */
    refundStatus: text(),
    refundId: text(),
    /** Why money went back: cancelled_by_mentee | cancelled_by_mentor | paid_after_slot_taken. */
    refundReason: text(),
    /** What the mentee would like to talk about (≤ 1,000 characters), written when booking; null for none. */
    agenda: text(),
    /** The mentor's notes and homework (≤ 5,000 characters), written after the start; a save replaces them. */
    notes: text(),
    /** When the notes last changed: a save of the same text leaves it, and the mentee hears of each change once. */
    notesUpdatedAt: timestamp({ withTimezone: true }),
    /** How many times the session was moved (at most 2), and the starts it had before, oldest first. */
    rescheduleCount: smallint().notNull().default(0),
    previousStartTimes: timestamp({ withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** When each person's socket first joined the room, recorded by the server (the no-show sweeper reads them). */
    mentorJoinedAt: timestamp({ withTimezone: true }),
    menteeJoinedAt: timestamp({ withTimezone: true }),
    /**
     * A session about a roadmap (DESIGN.md §4b "Learning with a mentor"): the roadmap the mentee picked when
     * booking, up to 10 of its topics they want help with, and whether the mentor may read their notes on those.
     */
    learningRoadmapId: uuid().references((): AnyPgColumn => roadmaps.id, { onDelete: 'set null' }),
    learningNodeIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'`),
    shareNotes: boolean().notNull().default(false),
    /** Who did not come, on a `no_show` booking: mentor | mentee | both. */
    noShow: text().$type<NoShowParty>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('bookings_end_after_start', sql`${table.endTime} > ${table.startTime}`),
    check('bookings_amount_positive', sql`${table.amount} > 0`),
    check('bookings_currency_inr', sql`${table.currency} = 'INR'`),
    check('bookings_not_oneself', sql`${table.mentorId} <> ${table.menteeId}`),
    index('bookings_mentor_start_idx').on(table.mentorId, table.startTime),
    index('bookings_mentee_start_idx').on(table.menteeId, table.startTime),
    // The no-show sweeper's every-minute read: confirmed sessions whose start has passed.
    index('bookings_confirmed_start_idx')
      .on(table.startTime)
      .where(sql`${table.status} = 'confirmed'`),
    // The hold sweeper's every-minute read: unpaid holds whose lapse has passed.
    index('bookings_pending_hold_expiry_idx')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending_payment'`),
    check('bookings_agenda_length', sql`char_length(${table.agenda}) <= 1000`),
    check('bookings_notes_length', sql`char_length(${table.notes}) <= 5000`),
    check('bookings_learning_topics_max', sql`cardinality(${table.learningNodeIds}) <= 10`),
    check('bookings_reschedule_count_range', sql`${table.rescheduleCount} between 0 and 2`),
    check(
      'bookings_previous_starts_counted',
      sql`cardinality(${table.previousStartTimes}) = ${table.rescheduleCount}`,
    ),
    check('bookings_no_show_party', sql`${table.noShow} in ('mentor', 'mentee', 'both')`),
    check(
      'bookings_no_show_with_status',
      sql`(${table.status}::text = 'no_show') = (${table.noShow} is not null)`,
    ),
    check(
      'bookings_refund_within_amount',
      sql`${table.refundAmount} is null or (${table.refundAmount} >= 0 and ${table.refundAmount} <= ${table.amount})`,
    ),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

/**
 * Every payment webhook event acted on, by the provider's own event id: providers deliver at least once, and
 * the insert of this row in the state change's transaction is what makes a repeat a no-op.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** What the event did: confirmed, failed, refunded_late, ignored_amount_mismatch, … (for the record and the log). */
    outcome: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('payment_events_booking_idx').on(table.bookingId),
  ],
);

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** The mentee's review of a completed session: one per booking. */
export const bookingReviews = pgTable(
  'booking_reviews',
  {
    bookingId: uuid()
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    mentorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    comment: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('booking_reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('booking_reviews_mentor_created_idx').on(table.mentorId, table.createdAt),
  ],
);

export type BookingReviewRow = typeof bookingReviews.$inferSelect;

/** Who asked to be told when a slot of a mentor frees up (DESIGN.md §4 "Waitlist"). */
export const mentorWaitlist = pgTable(
  'mentor_waitlist',
  {
    mentorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When this person was last told of this mentor's freed slots: at most once a day (DESIGN.md §4b). */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.mentorId, table.userId] }),
    check('mentor_waitlist_not_oneself', sql`${table.mentorId} <> ${table.userId}`),
  ],
);

export type MentorWaitlistRow = typeof mentorWaitlist.$inferSelect;

/** The text chat of a booking's meeting room, kept so a rejoin shows the history (DESIGN.md §5). */
export const meetingMessages = pgTable(
  'meeting_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('meeting_messages_booking_sent_idx').on(table.bookingId, table.sentAt),
    check('meeting_messages_text_length', sql`char_length(${table.text}) between 1 and 1000`),
  ],
);

export type MeetingMessageRow = typeof meetingMessages.$inferSelect;
