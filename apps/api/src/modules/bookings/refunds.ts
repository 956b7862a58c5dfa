import type { RefundReason, RefundStatus } from '@skillroute/shared/bookings';
import type { ServiceContext, WorkContext } from '../../context/service-context';
import { recordRefund } from '../ledger/service';
import { issueCreditNote } from '../receipts/service';
import { refundJob } from './job-types';
import * as repository from './repository';

/**
 * Money going back to a mentee, in two steps: the decision (amount, reason, status pending) is written in the
 * transaction of the change that causes it (a cancellation, a payment that came too late), with a job that
 * asks the provider; then the provider is asked outside any transaction (a network call holds no locks).
 * The job makes the refund durable: a provider that is down is asked again, and the idempotency key derived
 * from the booking makes a repeated ask the same refund.
 */

/** How long the job waits before it asks, when the request that decided the refund asks at once itself. */
const SAFETY_NET_MS = 30_000;

/** The provider's idempotency key of a booking's one refund (Razorpay wants 10 or more of [A-Za-z0-9_-]). */
export const refundKeyOf = (bookingId: string) => `refund-${bookingId}`;

/** A refund's status when it is decided: one of nothing asks nobody and is settled at once. */
export const decidedRefundStatus = (amountPaise: number): RefundStatus =>
  amountPaise === 0 ? 'succeeded' : 'pending';

/**
 * Records a refund of `amountPaise` for a paid booking in the caller's unit of work and queues the ask. A
 * refund of nothing (a mentee cancelling under 2 hours before the start) is settled at once and asks nobody.
 */
export async function queueRefund(
  ctx: WorkContext,
  input: { bookingId: string; amountPaise: number; reason: RefundReason },
): Promise<RefundStatus> {
  const { bookingId, amountPaise, reason } = input;
  const status = decidedRefundStatus(amountPaise);
  await repository.setRefund(ctx.uow.tx, bookingId, { amountPaise, reason, status });
  await refundDecided(ctx, { bookingId, amountPaise });
  return status;
}

/**
 * What follows a refund written on its booking's row (`queueRefund`, or the cancellation's own statement): the
 * ledger's refund, the credit note and the job that asks the provider.
 */
export async function refundDecided(
  ctx: WorkContext,
  input: { bookingId: string; amountPaise: number },
): Promise<void> {
  const { bookingId, amountPaise } = input;
  // Decided is what the ledger records: the money is owed back from now, whenever the provider pays it.
  await recordRefund(ctx, { bookingId, refunded: amountPaise });
  await issueCreditNote(ctx, { bookingId, refunded: amountPaise });
  if (amountPaise > 0)
    await ctx.uow.enqueue(
      refundJob,
      { bookingId },
      { startAfter: new Date(Date.now() + SAFETY_NET_MS), singletonKey: bookingId },
    );
}

/**
 * Asks the provider for a booking's recorded refund, unless it was already asked (it has a refund id) or there
 * is nothing to refund. Safe to run twice at once: the provider's idempotency key makes both asks one refund.
 * Answers the refund's status after the ask.
 */
export async function askForRefund(
  ctx: ServiceContext,
  input: { bookingId: string },
): Promise<RefundStatus | undefined> {
  const { bookingId } = input;
  const row = await repository.findBookingRow(ctx.db, bookingId);
  if (row === undefined || row.refundAmount === null || row.refundReason === null) return undefined;
  if (row.refundId !== null || row.refundAmount === 0 || row.providerPaymentId === null)
    return (row.refundStatus as RefundStatus | null) ?? undefined;
  const answer = await ctx.payments.refund({
    providerPaymentId: row.providerPaymentId,
    amountPaise: row.refundAmount,
    idempotencyKey: refundKeyOf(bookingId),
    reason: row.refundReason as RefundReason,
  });
  await repository.setRefundAnswer(ctx.db, bookingId, answer);
  ctx.log.info(
    { bookingId, refundId: answer.refundId, status: answer.status },
    'refund asked of the provider',
  );
  return answer.status;
}

/**
 * Asks at once, for the request that decided the refund to answer with the provider's word; a failure is
 * logged and left to the job, which asks again.
 */
export async function settleRefundNow(
  ctx: ServiceContext,
  input: { bookingId: string; recorded: RefundStatus },
): Promise<RefundStatus> {
  const { bookingId, recorded } = input;
  if (recorded !== 'pending') return recorded;
  try {
    return (await askForRefund(ctx, { bookingId })) ?? recorded;
  } catch (error) {
    ctx.log.warn(
      { err: error, bookingId },
      'the provider did not take the refund now; the refund job will ask again',
    );
    return recorded;
  }
}

/**
 * The refund job's last attempt failed too: the refund is failed, for the payer and the admins to see, and an
 * admin may retry it (`reopenFailedRefund`). Nothing changes when something settled it meanwhile.
 */
export async function giveUpRefund(ctx: ServiceContext, input: { bookingId: string }): Promise<void> {
  if (await repository.markRefundGivenUp(ctx.db, input.bookingId))
    ctx.log.error({ bookingId: input.bookingId }, 'the provider never took the refund; it is failed now');
}

/**
 * A failed refund asked anew, in the caller's unit of work: pending again, and the job asks at once. The same
 * idempotency key means a refund the provider did make after all is not made twice.
 */
export async function reopenFailedRefund(ctx: WorkContext, input: { bookingId: string }): Promise<void> {
  const { bookingId } = input;
  await repository.reopenRefund(ctx.uow.tx, bookingId);
  await ctx.uow.enqueue(refundJob, { bookingId }, { singletonKey: bookingId });
}

/** A provider's `payment_refunded` event: the pending refund of that payment has settled (false: it already had). */
export async function refundSettled(
  ctx: WorkContext,
  input: { providerPaymentId: string },
): Promise<boolean> {
  return repository.markRefundSettled(ctx.uow.tx, input.providerPaymentId);
}
