import type { Booking, RefundStatus } from '@skillroute/shared/bookings';
import type { Paise } from '@skillroute/shared/money';
import {
  adminConsoleMessages,
  canRetryRefund,
  refundableByStaff,
  type AdminBookingsQuery,
} from '@skillroute/shared/admin-console';
import type { ServiceContext, WorkContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import { announceFreedSlot } from '../waitlist/service';
import { announceStaffRefund } from './announcements';
import { cancelSession } from './cancellations';
import { queueRefund, reopenFailedRefund } from './refunds';
import * as repository from './repository';
import { lockKeysInOrder } from './rules';
import { timeChanged } from './time';
import { toBooking } from './wire';

// What admins do to bookings: the admin console calls these inside its own unit of work, with its audit
// entry, and asks the provider for the refunds once it committed (refunds.ts settleRefundNow).

/** A refund decided in a unit of work, to be asked of the provider once it committed (`settleRefundNow`). */
export interface DecidedRefund {
  bookingId: string;
  /** Paise. */
  amount: Paise;
  status: RefundStatus;
}

/**
 * `POST /api/admin/bookings/:id/refund`, the bookings half: a full refund of a confirmed or completed booking
 * that was paid and not refunded yet. A session still to come is cancelled with it (nobody holds a session
 * that was given back); one that took place or is under way stays as it is, and both people are told.
 */
export async function refundInFullByStaff(
  ctx: WorkContext,
  input: { bookingId: string; reason: string },
): Promise<DecidedRefund> {
  const { bookingId, reason } = input;
  const booking = await repository.findBookingRowForUpdate(ctx.uow.tx, bookingId);
  if (booking === undefined) throw new AppError('not_found', adminConsoleMessages.bookingNotFound);
  if (!refundableByStaff(booking.status)) throw new AppError('conflict', adminConsoleMessages.notRefundable);
  if (booking.refundAmount !== null) throw new AppError('conflict', adminConsoleMessages.alreadyRefunded);
  if (booking.providerPaymentId === null) throw new AppError('conflict', adminConsoleMessages.notPaid);
  const refund = { amountPaise: booking.amount, reason: 'refunded_by_admin' } as const;
  if (booking.status === 'confirmed' && booking.startTime.getTime() > ctx.clock.now().getTime()) {
    const cancelled = await cancelSession(ctx, { bookingId, by: null, reason, refund });
    if (cancelled !== undefined) return { bookingId, amount: booking.amount, status: cancelled.refundStatus };
  }
  const status = await queueRefund(ctx, { bookingId, ...refund });
  await announceStaffRefund(ctx, { bookingId, reason });
  return { bookingId, amount: booking.amount, status };
}

/**
 * `POST /api/admin/bookings/:id/refund/retry`, the bookings half: a failed refund is pending again and asked of
 * the provider anew by the refund job. Only a failed one (409 otherwise): a pending refund is being asked already.
 */
export async function retryRefundByStaff(
  ctx: WorkContext,
  input: { bookingId: string },
): Promise<DecidedRefund> {
  const { bookingId } = input;
  const booking = await repository.findBookingRowForUpdate(ctx.uow.tx, bookingId);
  if (booking === undefined) throw new AppError('not_found', adminConsoleMessages.bookingNotFound);
  if (!canRetryRefund(booking.refundStatus as RefundStatus | null) || booking.refundAmount === null)
    throw new AppError('conflict', adminConsoleMessages.refundNotFailed);
  await reopenFailedRefund(ctx, { bookingId });
  return { bookingId, amount: booking.refundAmount, status: 'pending' };
}

/**
 * A blocked person's confirmed sessions yet to start, in either role, cancelled in the block's unit of work
 * with a full refund to each mentee (whoever was blocked, the mentee is not at fault for the lost session),
 * and both people told. The person's advisory lock is taken first, as a new booking takes it.
 */
export async function cancelUpcomingOfBlocked(
  ctx: WorkContext,
  input: { userId: string; reason: string },
): Promise<DecidedRefund[]> {
  const { userId, reason } = input;
  const { tx } = ctx.uow;
  await repository.lockPeople(tx, lockKeysInOrder([userId]));
  const decided: DecidedRefund[] = [];
  for (const booking of await repository.findUpcomingConfirmedForUpdate(tx, userId, ctx.clock.now())) {
    const cancelled = await cancelSession(ctx, {
      bookingId: booking.id,
      by: null,
      reason,
      refund: { amountPaise: booking.amount, reason: 'user_blocked' },
    });
    if (cancelled !== undefined)
      decided.push({ bookingId: booking.id, amount: booking.amount, status: cancelled.refundStatus });
  }
  return decided;
}

/**
 * A blocked person's unpaid holds, as mentee and as mentor, expired in the block's unit of work: the time
 * goes back to the listing and the mentors' waitlists, and a payment that still arrives for one of them is
 * refunded (payments/rules.ts `refund_blocked`), never confirmed.
 */
export async function expireHoldsOfBlocked(ctx: WorkContext, input: { userId: string }): Promise<void> {
  const expired = await repository.expireHolds(ctx.uow.tx, { userIds: [input.userId] });
  if (expired.length === 0) return;
  for (const hold of expired) await announceFreedSlot(ctx, hold);
  await timeChanged(ctx, expired);
}

/** `GET /api/admin/bookings`: a page of every booking, latest start first. */
export async function listAllBookings(
  ctx: ServiceContext,
  input: { query: AdminBookingsQuery; limit: number },
): Promise<{ bookings: Booking[]; total: number }> {
  const { query, limit } = input;
  const { rows, total } = await repository.listAllBookings(ctx.db, {
    status: query.status,
    ...pageWindow(query.page, limit),
  });
  return { bookings: rows.map((row) => toBooking(row, 'staff')), total };
}

/** A person's bookings in either role for the admin's view of them, latest start first. */
export async function listBookingsOfPerson(
  ctx: ServiceContext,
  input: { userId: string; limit: number },
): Promise<Booking[]> {
  return (await repository.listBookingsOfPerson(ctx.db, input.userId, input.limit)).map((row) =>
    toBooking(row, 'staff'),
  );
}
