import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '@skillroute/shared/bookings';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

// The shared list, spelled out here so drizzle-kit reads the schema without loading the shared package;
// `satisfies` keeps the two in step.
const statuses = ['pending_payment', 'confirmed', 'completed', 'expired', 'payment_failed', 'cancelled'] as const satisfies readonly BookingStatus[];
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
    amount: integer().notNull(),
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
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
