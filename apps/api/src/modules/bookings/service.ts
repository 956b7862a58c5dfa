import {
  bookingMessages,
  cancelMessages,
  refundForCancellation,
  type Booking,
  type BookingListQuery,
  type CancelBookingBody,
  type CancelBookingResponse,
  type CreateBookingBody,
  type RefundReason,
  type RefundStatus,
} from '@skillroute/shared/bookings';
import {
  adminConsoleMessages,
  refundableByStaff,
  type AdminBookingsQuery,
} from '@skillroute/shared/admin-console';
import { mentorMessages } from '@skillroute/shared/mentors';
import type { ServiceContext, UserContext } from '../../context/service-context';
import type { UnitOfWork } from '../../context/unit-of-work';
import type { BookingRow } from '../../db/schema';
import { jobType } from '../../jobs/queue';
import { constraintOf, isDeadlock, isExclusionViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { PaymentEvent } from '../../adapters/payments/payment-provider';
import {
  announceCancelled,
  announceConfirmed,
  announceLatePaymentRefunded,
  announcePaymentFailed,
  announceStaffRefund,
} from './announcements';
import { actionFor } from './payment-rules';
import { queueRefund, registerRefundWorker, settleRefundNow } from './refunds';
import {
  busyIntervalsOf,
  findBookableMentor,
  isScheduledSlot,
  type BusyInterval,
} from '../availability/service';
import { closeRoomAfterCommit } from '../meet/service';
import { announceFreedSlot } from '../waitlist/service';
import { KeyedLocks } from './local-locks';
import * as repository from './repository';
import { holdExpiry, inListOrder, lockKeysInOrder, overlapMessage, overlapsAny, SESSION_MS } from './rules';

/**
 * A booking took or freed time, which the listing's next free slots and a mentor's free slots show: every
 * process hears it at commit (NOTIFY, mentors/listing-cache.ts), this one at once, so the answer to this
 * request's next read is already current.
 */
async function timeChanged(ctx: ServiceContext, uow: UnitOfWork): Promise<void> {
  await repository.announceListingChange(uow.tx);
  uow.afterCommit(() => ctx.mentorListingCache.forgetAll());
}

/** This process's queue per person in front of the database's advisory locks (see local-locks.ts). */
const localLocks = new KeyedLocks();

/** Expires a hold that is still pending payment when it lapses; queued with the booking, keyed by its id. */
export const expireHoldJob = jobType<{ bookingId: string }>('bookings.expire-hold');
/** Marks a confirmed booking completed after its end; queued by `confirmBooking`, keyed by the booking id. */
export const completeBookingJob = jobType<{ bookingId: string }>('bookings.complete');

export function toBooking(row: repository.BookingWithParties): Booking {
  const booking: Booking = {
    id: row.id,
    mentorId: row.mentorId,
    menteeId: row.menteeId,
    mentor: row.mentor,
    mentee: row.mentee,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    amount: row.amount,
    currency: 'INR',
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    roomId: row.roomId,
  };
  if (row.refundAmount !== null && row.refundStatus !== null && row.refundReason !== null) {
    booking.refund = {
      amount: row.refundAmount,
      status: row.refundStatus as RefundStatus,
      reason: row.refundReason as RefundReason,
    };
  }
  if (row.cancelledAt !== null) {
    const cancelledBy =
      row.cancelledBy === row.mentorId ? 'mentor' : row.cancelledBy === row.menteeId ? 'mentee' : 'staff';
    booking.cancellation = {
      cancelledBy,
      reason: row.cancelReason ?? '',
      cancelledAt: row.cancelledAt.toISOString(),
    };
  }
  if (row.review !== null)
    booking.review = {
      rating: row.review.rating,
      comment: row.review.comment,
      createdAt: row.review.createdAt.toISOString(),
    };
  return booking;
}

const notAFreeSlot = () =>
  new AppError('bad_request', bookingMessages.notAFreeSlot, [
    { message: bookingMessages.notAFreeSlot, field: 'startTime' },
  ]);

/**
 * What taking [start, end) for mentor and mentee would collide with, given their busy times: the mentor's
 * time (as mentor or as someone's mentee) is "just taken", the mentee's own is "you already have a session".
 */
function collision(
  busy: Map<string, BusyInterval[]>,
  mentorId: string,
  menteeId: string,
  start: number,
  end: number,
): string | undefined {
  if (overlapsAny(start, end, busy.get(mentorId) ?? [])) return bookingMessages.slotTaken;
  if (overlapsAny(start, end, busy.get(menteeId) ?? [])) return bookingMessages.overlapOwn;
  return undefined;
}

/**
 * `POST /api/bookings`: holds one free slot of a listed mentor for 15 minutes while the mentee pays.
 * The slot must be one of the mentor's schedule (400 otherwise); time already taken by a live booking of the
 * mentor or the mentee is a 409. Requests for the same people queue in this process first; then, in one transaction: both people's advisory locks in a fixed order, their
 * lapsed holds expired, the overlap checked again under the locks, the row inserted (the exclusion constraints
 * refuse an overlap whatever happens above them) and the hold's expiry job queued.
 */
export async function createBooking(ctx: UserContext, body: CreateBookingBody): Promise<Booking> {
  const menteeId = ctx.user.id;
  const { mentorId } = body;
  if (mentorId === menteeId) throw new AppError('forbidden', bookingMessages.bookingYourself);
  const owner = await findBookableMentor(ctx.db, mentorId);
  if (owner === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  const { availability } = owner;
  const now = ctx.clock.now();
  const start = Date.parse(body.startTime);
  const end = start + SESSION_MS;
  // The schedule alone decides here, so time already taken answers 409 below, not 400.
  if (availability === null || !isScheduledSlot(availability, start, now)) throw notAFreeSlot();

  const startTime = new Date(start);
  const endTime = new Date(end);
  const people = [mentorId, menteeId];
  try {
    const id = await localLocks.run(people, async () => {
      // After the one ahead in the queue committed, a request for the same time ends here, without a transaction.
      const taken = collision(
        await busyIntervalsOf(ctx.db, people, startTime, endTime, now),
        mentorId,
        menteeId,
        start,
        end,
      );
      if (taken !== undefined) throw new AppError('conflict', taken);
      return ctx.unitOfWork(async (uow) => {
        await repository.lockPeople(uow.tx, lockKeysInOrder(people));
        // Each lapsed hold frees its time for the mentor's waitlist, except the one this booking takes again.
        for (const hold of await repository.expireLapsedHolds(uow.tx, people, now))
          if (hold.mentorId !== mentorId || hold.startTime.getTime() !== start)
            await announceFreedSlot(uow, hold, now);
        // Again under the locks: another process may have booked since the check above.
        const takenNow = collision(
          await busyIntervalsOf(uow.tx, people, startTime, endTime, now),
          mentorId,
          menteeId,
          start,
          end,
        );
        if (takenNow !== undefined) throw new AppError('conflict', takenNow);
        const row = await repository.insertBooking(uow.tx, {
          mentorId,
          menteeId,
          startTime,
          endTime,
          amount: availability.pricePerSession,
          holdExpiresAt: holdExpiry(now),
        });
        await uow.enqueue(
          expireHoldJob,
          { bookingId: row.id },
          { startAfter: row.holdExpiresAt, singletonKey: row.id },
        );
        await timeChanged(ctx, uow);
        return row.id;
      });
    });
    return await getBookingRow(ctx, id);
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('conflict', overlapMessage(constraintOf(error)));
    if (isDeadlock(error)) throw new AppError('conflict', bookingMessages.slotTaken);
    throw error;
  }
}

export async function getBookingRow(ctx: ServiceContext, bookingId: string): Promise<Booking> {
  const row = await repository.findBooking(ctx.db, bookingId);
  if (row === undefined) throw new AppError('not_found', bookingMessages.notFound);
  return toBooking(row);
}

/** `GET /api/bookings/detail/:id`: for its mentor and its mentee; 404 to anyone else, as for no booking. */
export async function getBooking(ctx: UserContext, bookingId: string): Promise<Booking> {
  const row = await repository.findBooking(ctx.db, bookingId);
  if (row === undefined || (row.mentorId !== ctx.user.id && row.menteeId !== ctx.user.id))
    throw new AppError('not_found', bookingMessages.notFound);
  return toBooking(row);
}

/**
 * `GET /api/bookings/:mentorId` (as mentor only) and `GET /api/bookings/profile/:mentorId` (as mentor and as
 * mentee): only one's own id. Sessions not yet over first, soonest first; then past ones, newest first.
 */
export async function listBookings(
  ctx: UserContext,
  userId: string,
  query: BookingListQuery,
  scope: 'as_mentor' | 'all',
): Promise<Booking[]> {
  if (userId !== ctx.user.id) throw new AppError('forbidden', bookingMessages.notYourBookings);
  const rows = await repository.listBookings(ctx.db, {
    userId,
    asMentorOnly: scope === 'as_mentor',
    status: query.status,
  });
  return inListOrder(rows, ctx.clock.now()).map(toBooking);
}

/**
 * pending_payment → confirmed, in the payment's unit of work (the payments work calls this from its webhook):
 * the hold's expiry job is dropped and the completion is queued for the end of the session. Answers the row,
 * or undefined when the booking was not pending payment (expired, failed, already confirmed): the caller
 * decides what a payment for it means.
 */
export async function confirmBooking(uow: UnitOfWork, bookingId: string): Promise<BookingRow | undefined> {
  const row = await repository.markConfirmed(uow.tx, bookingId);
  if (row === undefined) return undefined;
  await uow.cancelJobs(expireHoldJob, bookingId);
  await uow.enqueue(completeBookingJob, { bookingId }, { startAfter: row.endTime, singletonKey: bookingId });
  return row;
}

/**
 * A payment that came after its hold lapsed (or after a failed attempt): confirmed if the slot is still free
 * for both people and has not started, under both people's locks as a new booking would be; otherwise the
 * caller refunds it. The exclusion constraints back the check.
 */
export async function confirmLatePayment(
  ctx: ServiceContext,
  uow: UnitOfWork,
  booking: BookingRow,
  now: Date,
): Promise<BookingRow | undefined> {
  if (booking.startTime.getTime() <= now.getTime()) return undefined;
  const people = [booking.mentorId, booking.menteeId];
  await repository.lockPeople(uow.tx, lockKeysInOrder(people));
  for (const hold of await repository.expireLapsedHolds(uow.tx, people, now))
    if (hold.startTime.getTime() !== booking.startTime.getTime()) await announceFreedSlot(uow, hold, now);
  const busy = await busyIntervalsOf(uow.tx, people, booking.startTime, booking.endTime, now);
  if (
    collision(
      busy,
      booking.mentorId,
      booking.menteeId,
      booking.startTime.getTime(),
      booking.endTime.getTime(),
    ) !== undefined
  )
    return undefined;
  const row = await repository.markConfirmedLate(uow.tx, booking.id);
  if (row === undefined) return undefined;
  await uow.enqueue(
    completeBookingJob,
    { bookingId: row.id },
    { startAfter: row.endTime, singletonKey: row.id },
  );
  await timeChanged(ctx, uow);
  return row;
}

/** pending_payment → payment_failed: the slot is free again. Answers the row when it changed. */
export async function failPayment(
  ctx: ServiceContext,
  uow: UnitOfWork,
  bookingId: string,
  now: Date,
): Promise<BookingRow | undefined> {
  const row = await repository.markPaymentFailed(uow.tx, bookingId);
  if (row === undefined) return undefined;
  await uow.cancelJobs(expireHoldJob, bookingId);
  await timeChanged(ctx, uow);
  await announceFreedSlot(uow, row, now);
  return row;
}

/**
 * `POST /api/bookings/:id/cancel`: either person cancels a confirmed session before it starts. The mentee
 * gets back what the tiers give (refundForCancellation, the rule the dialog shows too); the mentor cancelling
 * returns everything. The refund is decided in the cancellation's transaction and asked of the provider right
 * after it (and again by a job if the provider does not answer).
 */
export async function cancelBooking(
  ctx: UserContext,
  bookingId: string,
  body: CancelBookingBody,
): Promise<CancelBookingResponse> {
  const found = await repository.findBookingRow(ctx.db, bookingId);
  if (found === undefined) throw new AppError('not_found', bookingMessages.notFound);
  // Issue 13 asks for a 403 here (ids are random uuids, so it tells a stranger nothing worth knowing).
  if (found.mentorId !== ctx.user.id && found.menteeId !== ctx.user.id)
    throw new AppError('forbidden', cancelMessages.notYours);
  const now = ctx.clock.now();
  const cancelledBy = found.mentorId === ctx.user.id ? 'mentor' : 'mentee';
  const refund = refundForCancellation({
    amount: found.amount,
    startTime: found.startTime,
    cancelledBy,
    now,
  });
  const recorded = await ctx.unitOfWork(async (uow) => {
    const row = await repository.markCancelled(uow.tx, bookingId, {
      by: ctx.user.id,
      reason: body.reason,
      now,
    });
    if (row === undefined) throw new AppError('conflict', cancelMessages.notCancellable);
    await uow.cancelJobs(completeBookingJob, bookingId);
    const status = await queueRefund(
      uow,
      bookingId,
      refund.amount,
      cancelledBy === 'mentor' ? 'cancelled_by_mentor' : 'cancelled_by_mentee',
    );
    await timeChanged(ctx, uow);
    await announceFreedSlot(uow, row, now);
    await announceCancelled(uow, bookingId, { amount: refund.amount, status });
    closeRoomAfterCommit(ctx, uow, row.roomId);
    return status;
  });
  const status = await settleRefundNow(ctx, bookingId, recorded);
  return {
    booking: await getBookingRow(ctx, bookingId),
    refund: { amount: refund.amount, currency: 'INR', status },
  };
}

// ——— What admins do to bookings (the admin console calls these inside its own unit of work, with its audit entry) ———

/** A refund decided in a unit of work, to be asked of the provider once it committed (`settleRefundNow`). */
export interface DecidedRefund {
  bookingId: string;
  amount: number;
  status: RefundStatus;
}

/**
 * confirmed → cancelled by neither person (`cancelledBy` null), with a full refund for `refundReason`: the
 * slot is freed, the completion and reminders dropped, both people told. Answers undefined when the booking
 * was not a confirmed session yet to start.
 */
async function cancelByStaff(
  ctx: ServiceContext,
  uow: UnitOfWork,
  booking: BookingRow,
  reason: string,
  refundReason: RefundReason,
  now: Date,
): Promise<DecidedRefund | undefined> {
  const row = await repository.markCancelled(uow.tx, booking.id, { by: null, reason, now });
  if (row === undefined) return undefined;
  await uow.cancelJobs(completeBookingJob, booking.id);
  const status = await queueRefund(uow, booking.id, booking.amount, refundReason);
  await timeChanged(ctx, uow);
  await announceFreedSlot(uow, row, now);
  await announceCancelled(uow, booking.id, { amount: booking.amount, status });
  closeRoomAfterCommit(ctx, uow, booking.roomId);
  return { bookingId: booking.id, amount: booking.amount, status };
}

/**
 * `POST /api/admin/bookings/:id/refund`, the bookings half: a full refund of a confirmed or completed booking
 * that was paid and not refunded yet. A session still to come is cancelled with it (nobody holds a session
 * that was given back); one that took place or is under way stays as it is, and both people are told.
 */
export async function refundInFullByStaff(
  ctx: ServiceContext,
  uow: UnitOfWork,
  bookingId: string,
  reason: string,
): Promise<DecidedRefund> {
  const now = ctx.clock.now();
  const booking = await repository.findBookingRowForUpdate(uow.tx, bookingId);
  if (booking === undefined) throw new AppError('not_found', adminConsoleMessages.bookingNotFound);
  if (!refundableByStaff(booking.status)) throw new AppError('conflict', adminConsoleMessages.notRefundable);
  if (booking.refundAmount !== null) throw new AppError('conflict', adminConsoleMessages.alreadyRefunded);
  if (booking.providerPaymentId === null) throw new AppError('conflict', adminConsoleMessages.notPaid);
  if (booking.status === 'confirmed' && booking.startTime.getTime() > now.getTime()) {
    const cancelled = await cancelByStaff(ctx, uow, booking, reason, 'refunded_by_admin', now);
    if (cancelled !== undefined) return cancelled;
  }
  const status = await queueRefund(uow, bookingId, booking.amount, 'refunded_by_admin');
  await announceStaffRefund(uow, bookingId, reason);
  return { bookingId, amount: booking.amount, status };
}

/**
 * A blocked person's confirmed sessions yet to start, in either role, cancelled in the block's unit of work
 * with a full refund to each mentee (whoever was blocked, the mentee is not at fault for the lost session),
 * and both people told. The person's advisory lock is taken first, as a new booking takes it.
 */
export async function cancelUpcomingOfBlocked(
  ctx: ServiceContext,
  uow: UnitOfWork,
  userId: string,
  reason: string,
): Promise<DecidedRefund[]> {
  const now = ctx.clock.now();
  await repository.lockPeople(uow.tx, lockKeysInOrder([userId]));
  const decided: DecidedRefund[] = [];
  for (const booking of await repository.findUpcomingConfirmedForUpdate(uow.tx, userId, now)) {
    const refund = await cancelByStaff(ctx, uow, booking, reason, 'user_blocked', now);
    if (refund !== undefined) decided.push(refund);
  }
  return decided;
}

/** `GET /api/admin/bookings`: a page of every booking, latest start first. */
export async function listAllBookings(
  db: ServiceContext['db'],
  query: AdminBookingsQuery,
  limit: number,
): Promise<{ bookings: Booking[]; total: number }> {
  const { rows, total } = await repository.listAllBookings(db, {
    status: query.status,
    offset: (query.page - 1) * limit,
    limit,
  });
  return { bookings: rows.map(toBooking), total };
}

/** A person's bookings in either role for the admin's view of them, latest start first. */
export async function listBookingsOfPerson(
  db: ServiceContext['db'],
  userId: string,
  limit: number,
): Promise<Booking[]> {
  return (await repository.listBookingsOfPerson(db, userId, limit)).map(toBooking);
}

/**
 * When to try again for something due at `due` by the app's clock, which says it is `now`: the time left, from
 * the real now (pg-boss goes by the database's clock), and at least a second, so a clock behind never spins.
 */
const afterRemaining = (due: Date, now: Date): Date =>
  new Date(Date.now() + Math.max(1000, due.getTime() - now.getTime()));

/**
 * The worker of `bookings.expire-hold`: a hold still pending payment at its lapse becomes expired. A job that
 * runs before the lapse by the app's clock (the database's clock runs pg-boss) comes back at the lapse.
 */
export async function expireHold(ctx: ServiceContext, bookingId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.unitOfWork(async (uow) => {
    const expired = await repository.expireHold(uow.tx, bookingId, now);
    if (expired !== undefined) {
      await announceFreedSlot(uow, expired, now);
      return timeChanged(ctx, uow);
    }
    const row = await repository.findBookingRow(uow.tx, bookingId);
    if (row?.status === 'pending_payment')
      await uow.enqueue(
        expireHoldJob,
        { bookingId },
        { startAfter: afterRemaining(row.holdExpiresAt, now), singletonKey: bookingId },
      );
  });
}

/** The worker of `bookings.complete`: a confirmed booking whose end has passed becomes completed. */
export async function completeBooking(ctx: ServiceContext, bookingId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.unitOfWork(async (uow) => {
    const completed = await repository.markCompleted(uow.tx, bookingId, now);
    if (completed !== undefined) return;
    const row = await repository.findBookingRow(uow.tx, bookingId);
    if (row?.status === 'confirmed')
      await uow.enqueue(
        completeBookingJob,
        { bookingId },
        { startAfter: afterRemaining(row.endTime, now), singletonKey: bookingId },
      );
  });
}

export type { BookingWithParties } from './repository';
export { settleRefundNow } from './refunds';

/** The booking a provider's payment id pays for, with its two people. */
export async function findBookingByPayment(
  db: ServiceContext['db'],
  providerPaymentId: string,
): Promise<repository.BookingWithParties | undefined> {
  const row = await repository.findBookingByPayment(db, providerPaymentId);
  return row === undefined ? undefined : repository.findBooking(db, row.id);
}

/** One's own booking that still waits for payment, or the refusal of `POST /api/payments/create`. */
export async function payableBooking(
  ctx: UserContext,
  bookingId: string,
  refusals: { notPayable: string; holdLapsed: string },
): Promise<BookingRow> {
  const booking = await repository.findBookingRow(ctx.db, bookingId);
  if (booking === undefined || booking.menteeId !== ctx.user.id)
    throw new AppError('not_found', bookingMessages.notFound);
  if (booking.status !== 'pending_payment') throw new AppError('conflict', refusals.notPayable);
  if (booking.holdExpiresAt.getTime() <= ctx.clock.now().getTime())
    throw new AppError('conflict', refusals.holdLapsed);
  return booking;
}

/** Who takes the money for a booking, and their id of the payment (the webhook's events name it). */
export async function recordPayment(
  ctx: ServiceContext,
  bookingId: string,
  payment: { provider: string; providerPaymentId: string },
): Promise<void> {
  await repository.setPayment(ctx.db, bookingId, payment);
}

export interface AppliedPaymentEvent {
  bookingId: string | null;
  /** What the event did, for payment_events and the log (payment-rules.ts). */
  outcome: string;
  /** A refund decided here, to be asked of the provider once the transaction committed. */
  refundOf?: string;
}

/**
 * A verified payment event, in the webhook's transaction: its booking is locked, and payment-rules.ts decides
 * from the booking's status and the event's amount and currency what changes, and who is told.
 */
export async function applyPaymentEvent(
  ctx: ServiceContext,
  uow: UnitOfWork,
  event: PaymentEvent,
  now: Date,
): Promise<AppliedPaymentEvent> {
  const booking = await repository.findBookingByPaymentForUpdate(uow.tx, event.providerPaymentId);
  if (booking === undefined) return { bookingId: null, outcome: 'unknown_payment' };
  const applied = (outcome: string, refundOf?: string): AppliedPaymentEvent => ({
    bookingId: booking.id,
    outcome,
    refundOf,
  });
  const action = actionFor(booking, event);
  switch (action.do) {
    case 'confirm':
      await confirmBooking(uow, booking.id);
      await announceConfirmed(uow, booking.id);
      return applied('confirmed');
    case 'confirm_late_or_refund':
      if ((await confirmLatePayment(ctx, uow, booking, now)) !== undefined) {
        await announceConfirmed(uow, booking.id);
        return applied('confirmed_late');
      }
      await queueRefund(uow, booking.id, booking.amount, 'paid_after_slot_taken');
      await announceLatePaymentRefunded(uow, booking.id);
      return applied('refunded_late', booking.id);
    case 'fail':
      await failPayment(ctx, uow, booking.id, now);
      await announcePaymentFailed(uow, booking.id);
      return applied('failed');
    case 'settle_refund':
      return applied(
        (await repository.markRefundSettled(uow.tx, event.providerPaymentId))
          ? 'refund_settled'
          : 'refund_already_settled',
      );
    case 'ignore':
      return applied(action.outcome);
  }
}

export async function registerBookingWorkers(ctx: ServiceContext): Promise<void> {
  await registerRefundWorker(ctx);
  await ctx.jobs.register(expireHoldJob, ({ bookingId }) => expireHold(ctx, bookingId), {
    unique: true,
    batchSize: 20,
  });
  await ctx.jobs.register(completeBookingJob, ({ bookingId }) => completeBooking(ctx, bookingId), {
    unique: true,
    batchSize: 20,
  });
}
