import {
  bookingMessages,
  cancelMessages,
  partyOf,
  refundForCancellation,
  type CancelBookingBody,
  type CancelBookingResponse,
  type RefundReason,
  type RefundStatus,
} from '@skillroute/shared/bookings';
import { within, type UserContext, type WorkContext } from '../../context/service-context';
import type { BookingRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordCancellation } from '../ledger/service';
import { closeRoomAfterCommit } from '../meet/service';
import { announceFreedSlot } from '../waitlist/service';
import { announceCancelled } from './announcements';
import { completeBookingJob } from './job-types';
import { decidedRefundStatus, refundDecided, settleRefundNow } from './refunds';
import * as repository from './repository';
import { readBooking } from './service';
import { timeChanged } from './time';

/**
 * confirmed → cancelled, before the start, in the caller's unit of work: the completion dropped, the refund
 * decided (asked of the provider after the commit, `settleRefundNow`), the time freed for the listing and the
 * mentor's waitlist, both people told, and the meeting room closed under a call. `by` is the person who
 * cancelled, or null for staff (an admin's refund, a block). Answers undefined when the booking was not a
 * confirmed session yet to start.
 */
export async function cancelSession(
  ctx: WorkContext,
  input: {
    bookingId: string;
    by: string | null;
    reason: string;
    refund: { amountPaise: number; reason: RefundReason };
  },
): Promise<{ row: BookingRow; refundStatus: RefundStatus } | undefined> {
  const { bookingId, by, reason, refund } = input;
  const { uow } = ctx;
  const refundStatus = decidedRefundStatus(refund.amountPaise);
  const row = await repository.markCancelled(uow.tx, bookingId, {
    by,
    reason,
    now: ctx.clock.now(),
    refund: { ...refund, status: refundStatus },
  });
  if (row === undefined) return undefined;
  await uow.cancelJobs(completeBookingJob, bookingId);
  await refundDecided(ctx, { bookingId, amountPaise: refund.amountPaise });
  // What the mentee does not get back of the mentor's share is the mentor's: no completion will release it.
  await recordCancellation(ctx, { bookingId });
  await timeChanged(ctx, [row], { announced: true });
  await announceFreedSlot(ctx, row);
  await announceCancelled(ctx, { bookingId, refund: { amount: refund.amountPaise, status: refundStatus } });
  closeRoomAfterCommit(ctx, { roomId: row.roomId });
  return { row, refundStatus };
}

/**
 * `POST /api/bookings/:id/cancel`: either person cancels a confirmed session before it starts. The mentee
 * gets back what the tiers give (refundForCancellation, the rule the dialog shows too); the mentor cancelling
 * returns everything. The refund is decided in the cancellation's transaction and asked of the provider right
 * after it (and again by a job if the provider does not answer).
 */
export async function cancelBooking(
  ctx: UserContext,
  input: { bookingId: string; body: CancelBookingBody },
): Promise<CancelBookingResponse> {
  const { bookingId, body } = input;
  const found = await repository.findBookingRow(ctx.db, bookingId);
  if (found === undefined) throw new AppError('not_found', bookingMessages.notFound);
  const cancelledBy = partyOf(found, ctx.user.id);
  // Issue 13 asks for a 403 here (ids are random uuids, so it tells a stranger nothing worth knowing).
  if (cancelledBy === undefined) throw new AppError('forbidden', cancelMessages.notYours);
  const refund = refundForCancellation({
    amount: found.amount,
    startTime: found.startTime,
    cancelledBy,
    now: ctx.clock.now(),
  });
  const recorded = await ctx.unitOfWork(async (uow) => {
    const cancelled = await cancelSession(within(ctx, uow), {
      bookingId,
      by: ctx.user.id,
      reason: body.reason,
      refund: {
        amountPaise: refund.amount,
        reason: cancelledBy === 'mentor' ? 'cancelled_by_mentor' : 'cancelled_by_mentee',
      },
    });
    if (cancelled === undefined) throw new AppError('conflict', cancelMessages.notCancellable);
    return cancelled.refundStatus;
  });
  const status = await settleRefundNow(ctx, { bookingId, recorded });
  return {
    booking: await readBooking(ctx, { bookingId, audience: 'party' }),
    refund: { amount: refund.amount, currency: 'INR', status },
  };
}
