import { and, eq } from 'drizzle-orm';
import type { RefundReason, RefundStatus } from '@skillroute/shared/bookings';
import type { ServiceContext } from '../../context/service-context';
import type { UnitOfWork } from '../../context/unit-of-work';
import type { Executor } from '../../db/client';
import { bookings } from '../../db/schema';
import { jobType } from '../../jobs/queue';

/**
 * Money going back to a mentee, in two steps: the decision (amount, reason, status pending) is written in the
 * transaction of the change that causes it (a cancellation, a payment that came too late), with a job that
 * asks the provider; then the provider is asked outside any transaction (a network call holds no locks).
 * The job makes the refund durable: a provider that is down is asked again, and the idempotency key derived
 * from the booking makes a repeated ask the same refund.
 */
export const refundJob = jobType<{ bookingId: string }>('payments.refund');

/** How long the job waits before it asks, when the request that decided the refund asks at once itself. */
const SAFETY_NET_MS = 30_000;
const REFUND_RETRY_LIMIT = 10;

/** The provider's idempotency key of a booking's one refund (Razorpay wants 10 or more of [A-Za-z0-9_-]). */
export const refundKeyOf = (bookingId: string) => `refund-${bookingId}`;

/**
 * Records a refund of `amount` paise for a paid booking in the caller's transaction and queues the ask. A refund
 * of nothing (a mentee cancelling under 2 hours before the start) is settled at once and asks nobody.
 */
export async function queueRefund(
  uow: UnitOfWork,
  bookingId: string,
  amount: number,
  reason: RefundReason,
): Promise<RefundStatus> {
  const status: RefundStatus = amount === 0 ? 'succeeded' : 'pending';
  await uow.tx
    .update(bookings)
    .set({ refundAmount: amount, refundReason: reason, refundStatus: status })
    .where(eq(bookings.id, bookingId));
  if (amount > 0)
    await uow.enqueue(
      refundJob,
      { bookingId },
      { startAfter: new Date(Date.now() + SAFETY_NET_MS), singletonKey: bookingId },
    );
  return status;
}

async function recordAnswer(
  db: Executor,
  bookingId: string,
  answer: { refundId: string; status: RefundStatus },
): Promise<void> {
  // A webhook may have settled it meanwhile: a later 'pending' answer never undoes a 'succeeded'.
  const settled =
    answer.status === 'pending'
      ? and(eq(bookings.id, bookingId), eq(bookings.refundStatus, 'pending'))
      : eq(bookings.id, bookingId);
  await db.update(bookings).set({ refundId: answer.refundId, refundStatus: answer.status }).where(settled);
}

/**
 * Asks the provider for a booking's recorded refund, unless it was already asked (it has a refund id) or there
 * is nothing to refund. Safe to run twice at once: the provider's idempotency key makes both asks one refund.
 * Answers the refund's status after the ask.
 */
export async function settleRefund(
  ctx: ServiceContext,
  bookingId: string,
): Promise<RefundStatus | undefined> {
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (row === undefined || row.refundAmount === null || row.refundReason === null) return undefined;
  if (row.refundId !== null || row.refundAmount === 0 || row.providerPaymentId === null)
    return (row.refundStatus as RefundStatus | null) ?? undefined;
  const answer = await ctx.payments.refund({
    providerPaymentId: row.providerPaymentId,
    amountPaise: row.refundAmount,
    idempotencyKey: refundKeyOf(bookingId),
    reason: row.refundReason as RefundReason,
  });
  await recordAnswer(ctx.db, bookingId, answer);
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
  bookingId: string,
  recorded: RefundStatus,
): Promise<RefundStatus> {
  if (recorded !== 'pending') return recorded;
  try {
    return (await settleRefund(ctx, bookingId)) ?? recorded;
  } catch (error) {
    ctx.log.warn(
      { err: error, bookingId },
      'the provider did not take the refund now; the refund job will ask again',
    );
    return recorded;
  }
}

export async function registerRefundWorker(ctx: ServiceContext): Promise<void> {
  await ctx.jobs.register(
    refundJob,
    async ({ bookingId }) => {
      await settleRefund(ctx, bookingId);
    },
    { unique: true, batchSize: 10, retryLimit: REFUND_RETRY_LIMIT },
  );
}
