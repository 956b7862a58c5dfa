import type { WorkContext } from '../../context/service-context';
import type { BookingRow } from '../../db/schema';
import { recordPayment } from '../ledger/service';
import { issueReceipt } from '../receipts/service';
import { announceFreedSlot } from '../waitlist/service';
import {
  announceBlockedPaymentRefunded,
  announceConfirmed,
  announceLatePaymentRefunded,
  announcePaymentFailed,
} from './announcements';
import { completeBookingJob } from './job-types';
import { queueRefund } from './refunds';
import * as repository from './repository';
import { lockTime, timeChanged } from './time';

// What a payment does to its booking: the small steps payments (payments/events.ts) takes inside its
// webhook's unit of work, each with what follows from it (jobs, freed time, who is told). Payments decides
// which step an event means; bookings knows what each step changes. The calls go one way: payments → here.

/**
 * pending_payment → confirmed: the payment enters the ledger and the completion is queued for the end of the
 * session. Answers the row, or undefined when the booking was not pending payment.
 */
export async function confirmBooking(
  ctx: WorkContext,
  input: { bookingId: string },
): Promise<BookingRow | undefined> {
  const { bookingId } = input;
  const row = await repository.markConfirmed(ctx.uow.tx, bookingId);
  if (row === undefined) return undefined;
  await recordPayment(ctx, { booking: row });
  await ctx.uow.enqueue(
    completeBookingJob,
    { bookingId },
    { startAfter: row.endTime, singletonKey: bookingId },
  );
  return row;
}

/**
 * A payment for a booking waiting for it: confirmed, both people told (mails, invites, reminders), and the
 * receipt issued (written last in the unit of work, decision 056).
 */
export async function confirmPaidBooking(ctx: WorkContext, input: { bookingId: string }): Promise<void> {
  const row = await confirmBooking(ctx, input);
  await announceConfirmed(ctx, input);
  if (row !== undefined) issueReceipt(ctx, { booking: row });
}

/**
 * A payment that came after its hold lapsed (or after a failed attempt): confirmed if the session has not
 * started and its time is still free for both people (time.ts lockTime, as a new hold takes it), and both
 * people told. Answers whether it was confirmed; if not, the caller refunds it (`refundLatePayment`).
 */
export async function confirmLatePayment(ctx: WorkContext, input: { booking: BookingRow }): Promise<boolean> {
  const { booking } = input;
  if (booking.startTime.getTime() <= ctx.clock.now().getTime()) return false;
  if ((await lockTime(ctx, booking)).taken !== undefined) return false;
  const row = await repository.markConfirmedLate(ctx.uow.tx, booking.id);
  if (row === undefined) return false;
  await recordPayment(ctx, { booking: row });
  await ctx.uow.enqueue(
    completeBookingJob,
    { bookingId: row.id },
    { startAfter: row.endTime, singletonKey: row.id },
  );
  await timeChanged(ctx, [row]);
  await announceConfirmed(ctx, { bookingId: booking.id });
  issueReceipt(ctx, { booking: row });
  return true;
}

/** A late payment whose time was taken: refunded in full (asked of the provider after the commit), the payer told. */
export async function refundLatePayment(ctx: WorkContext, input: { booking: BookingRow }): Promise<void> {
  const { booking } = input;
  await queueRefund(ctx, {
    bookingId: booking.id,
    amountPaise: booking.amount,
    reason: 'paid_after_slot_taken',
  });
  await announceLatePaymentRefunded(ctx, { bookingId: booking.id });
}

/**
 * A payment for a booking one of whose people is blocked: a hold still pending is released (its time freed),
 * the whole amount goes back (party_blocked), and the payer is told.
 */
export async function refundBlockedPayment(ctx: WorkContext, input: { booking: BookingRow }): Promise<void> {
  const { booking } = input;
  if ((await repository.releaseHold(ctx.uow.tx, booking.id)) !== undefined) await timeChanged(ctx, [booking]);
  await queueRefund(ctx, { bookingId: booking.id, amountPaise: booking.amount, reason: 'party_blocked' });
  await announceBlockedPaymentRefunded(ctx, { bookingId: booking.id });
}

/** pending_payment → payment_failed: the slot is free again, for the listing and the mentor's waitlist; the mentee told. */
export async function failPayment(ctx: WorkContext, input: { bookingId: string }): Promise<void> {
  const { bookingId } = input;
  const row = await repository.markPaymentFailed(ctx.uow.tx, bookingId);
  if (row !== undefined) {
    await timeChanged(ctx, [row]);
    await announceFreedSlot(ctx, row);
  }
  await announcePaymentFailed(ctx, { bookingId });
}
