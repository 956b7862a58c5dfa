import { within, type ServiceContext } from '../../context/service-context';
import type { JobInfo } from '../../jobs/queue';
import { recordCompletion } from '../ledger/service';
import { announceFreedSlot } from '../waitlist/service';
import { announceNotes, remindSession } from './announcements';
import { announceNotesJob, completeBookingJob, expireHoldJob, refundJob, remindJob } from './job-types';
import { registerNoShowSweeper } from './no-shows';
import { askForRefund, giveUpRefund } from './refunds';
import * as repository from './repository';
import { timeChanged } from './time';

/**
 * How often the refund job asks a provider that does not answer before it gives up (with backoff, about 17
 * hours with the default 30 s first delay); then the refund is failed until an admin retries it.
 */
export const REFUND_RETRY_LIMIT = 10;
/**
 * A refund waits on the provider's API (whose SDKs time out after a minute or more): its job keeps the
 * queue's former two minutes rather than the one-minute default of the short jobs.
 */
const REFUND_EXPIRE_IN_SECONDS = 120;

/**
 * When to try again for something due at `due` by the app's clock: the time left, from the real now (pg-boss
 * goes by the database's clock), and at least a second, so a clock behind never spins.
 */
const afterRemaining = (due: Date, now: Date): Date =>
  new Date(Date.now() + Math.max(1000, due.getTime() - now.getTime()));

/**
 * The worker of `bookings.expire-hold`: a hold still pending payment at its lapse becomes expired, and its
 * time goes to the listing and the mentor's waitlist. A job that runs before the lapse by the app's clock
 * (the database's clock runs pg-boss) comes back at the lapse.
 */
export async function expireHold(ctx: ServiceContext, input: { bookingId: string }): Promise<void> {
  const { bookingId } = input;
  const now = ctx.clock.now();
  await ctx.unitOfWork(async (uow) => {
    const work = within(ctx, uow);
    const expired = await repository.expireHold(uow.tx, bookingId, now);
    if (expired !== undefined) {
      await announceFreedSlot(work, expired);
      return timeChanged(work, [expired]);
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

/**
 * The worker of `bookings.complete`: a confirmed booking whose end has passed becomes completed, and the
 * mentor's share of it available (the ledger, in the same transaction).
 */
export async function completeBooking(ctx: ServiceContext, input: { bookingId: string }): Promise<void> {
  const { bookingId } = input;
  const now = ctx.clock.now();
  await ctx.unitOfWork(async (uow) => {
    const completed = await repository.markCompleted(uow.tx, bookingId, now);
    if (completed !== undefined) return recordCompletion(within(ctx, uow), { bookingId });
    const row = await repository.findBookingRow(uow.tx, bookingId);
    if (row?.status === 'confirmed')
      await uow.enqueue(
        completeBookingJob,
        { bookingId },
        { startAfter: afterRemaining(row.endTime, now), singletonKey: bookingId },
      );
  });
}

/** The worker of `payments.refund`: asks the provider; after the last retry a refund still unasked is failed. */
export async function refundWorker(
  ctx: ServiceContext,
  input: { bookingId: string },
  job: Pick<JobInfo, 'retriesLeft'>,
): Promise<void> {
  try {
    await askForRefund(ctx, input);
  } catch (error) {
    if (job.retriesLeft === 0) await giveUpRefund(ctx, input);
    throw error;
  }
}

export interface BookingWorkersOptions {
  /** REFUND_RETRY_LIMIT unless a test gives up sooner. */
  refundRetryLimit?: number;
  /** Whether this app schedules the no-show sweeper (always, but in tests that run it themselves). */
  sweepNoShows?: boolean;
}

export async function registerBookingWorkers(
  ctx: ServiceContext,
  options: BookingWorkersOptions = {},
): Promise<void> {
  await ctx.jobs.register(refundJob, (data, job) => refundWorker(ctx, data, job), {
    unique: true,
    batchSize: 10,
    retryLimit: options.refundRetryLimit ?? REFUND_RETRY_LIMIT,
    expireInSeconds: REFUND_EXPIRE_IN_SECONDS,
  });
  await ctx.jobs.register(expireHoldJob, (data) => expireHold(ctx, data), { unique: true, batchSize: 20 });
  await registerNoShowSweeper(ctx, { schedule: options.sweepNoShows ?? true });
  await ctx.jobs.register(completeBookingJob, (data) => completeBooking(ctx, data), {
    unique: true,
    batchSize: 20,
  });
  await ctx.jobs.register(remindJob, (data) => remindSession(ctx, data), { unique: true, batchSize: 20 });
  await ctx.jobs.register(announceNotesJob, (data) => announceNotes(ctx, data), {
    unique: true,
    batchSize: 20,
  });
}
