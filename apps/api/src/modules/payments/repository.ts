import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPer, setPlaceholder, type Executor } from '../../db/client';
import { bookings, paymentEvents, users, type BookingRow } from '../../db/schema';

// Payments own the payment columns of a booking (provider, provider_payment_id) and the table payment_events.

/**
 * Records that a provider's event was acted on; false when it already was (a replay, or the provider's own
 * retry): the caller then changes nothing. Inside the state change's transaction, so an event is recorded
 * exactly when its change commits.
 */
export async function recordEvent(
  tx: Executor,
  event: { provider: string; eventId: string; kind: string; bookingId: string | null; outcome: string },
): Promise<boolean> {
  return (await newEvent(tx).execute(event)).length > 0;
}

/** `recordEvent`'s statement, prepared once per handle: every webhook records its event. */
const newEvent = preparedPer((tx) => {
  const value = sql.placeholder;
  return tx
    .insert(paymentEvents)
    .values({
      provider: value('provider'),
      eventId: value('eventId'),
      kind: value('kind'),
      bookingId: value('bookingId'),
      outcome: value('outcome'),
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId })
    .prepare('record_payment_event');
});

/** The outcome of a recorded event, once the change it caused is known. */
export async function setOutcome(
  tx: Executor,
  event: { provider: string; eventId: string },
  result: { bookingId: string | null; outcome: string },
): Promise<void> {
  await eventOutcome(tx).execute({ ...event, ...result });
}

/** `setOutcome`'s statement, prepared once per handle: every webhook writes its event's outcome. */
const eventOutcome = preparedPer((tx) =>
  tx
    .update(paymentEvents)
    .set({ bookingId: setPlaceholder('bookingId'), outcome: setPlaceholder('outcome') })
    .where(
      and(
        eq(paymentEvents.provider, sql.placeholder('provider')),
        eq(paymentEvents.eventId, sql.placeholder('eventId')),
      ),
    )
    .prepare('set_payment_event_outcome'),
);

/** Who takes the money for a booking, and their id of the payment; set when paying starts. */
export async function setPayment(
  db: Executor,
  bookingId: string,
  payment: { provider: string; providerPaymentId: string },
): Promise<void> {
  await bookingPayment(db).execute({ bookingId, ...payment });
}

/**
 * `setPayment`'s statement, prepared once per handle: every payment's start writes it. `updated_at` is written
 * here, since the column's own on-update value would be taken once, when the statement is built.
 */
const bookingPayment = preparedPer((db) =>
  db
    .update(bookings)
    .set({
      provider: setPlaceholder('provider'),
      providerPaymentId: setPlaceholder('providerPaymentId'),
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, sql.placeholder('bookingId')))
    .prepare('set_booking_payment'),
);

const mentorUser = alias(users, 'mentor_user');
const menteeUser = alias(users, 'mentee_user');

/**
 * The booking a provider's payment id belongs to, locked for the state change of its webhook, with whether
 * either of its two people is blocked now.
 */
export async function findBookingByPaymentForUpdate(
  tx: Executor,
  providerPaymentId: string,
): Promise<(BookingRow & { partyBlocked: boolean }) | undefined> {
  const [row] = await bookingByPaymentForUpdate(tx).execute({ providerPaymentId });
  return row === undefined ? undefined : { ...row.booking, partyBlocked: row.partyBlocked };
}

/** `findBookingByPaymentForUpdate`'s statement, prepared once per handle: every payment's webhook reads it. */
const bookingByPaymentForUpdate = preparedPer((tx) =>
  tx
    .select({
      booking: bookings,
      partyBlocked: sql<boolean>`(${mentorUser.blockedAt} is not null or ${menteeUser.blockedAt} is not null)`,
    })
    .from(bookings)
    .innerJoin(mentorUser, eq(mentorUser.id, bookings.mentorId))
    .innerJoin(menteeUser, eq(menteeUser.id, bookings.menteeId))
    .where(eq(bookings.providerPaymentId, sql.placeholder('providerPaymentId')))
    .for('update', { of: bookings })
    .prepare('booking_by_payment_for_update'),
);

/** The id of the booking a provider's payment id pays for. */
export async function findBookingIdByPayment(
  db: Executor,
  providerPaymentId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.providerPaymentId, providerPaymentId));
  return row?.id;
}
