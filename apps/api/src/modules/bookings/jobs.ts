import { within, type ServiceContext } from '../../context/service-context';
import { registerMinuteSweep, type JobInfo } from '../../jobs/queue';
import { recordCompletion } from '../ledger/service';
import { announceFreedSlot } from '../waitlist/service';
import { announceNotes, remindSession } from './announcements';
import {
  announceNotesJob,
  completeBookingJob,
  refundJob,
  remindJob,
  sweepLapsedHoldsJob,
  sweepNoShowsJob,
} from './job-types';
import { sweepNoShows } from './no-shows';
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

/** How many lapsed holds one transaction of the sweep expires; it takes the next ones in the next transaction. */
const LAPSED_HOLDS_BATCH = 200;

/**
 * The worker of `bookings.sweep-lapsed-holds`: every hold still pending payment whose lapse has passed by the
 * app's clock becomes expired, and its time goes to the listing and the mentor's waitlist. Answers how many.
 * One sweep a minute rather than a job per hold (decision 072): a hold sends one statement fewer, and its payment
 * or failure two fewer. A lapsed hold frees its time the moment it lapses (rules.ts holdsTime; a new hold expires
 * it in passing), so the sweep's minute delays only the status its people read, the mentor's waitlist and the
 * listing's cached pages.
 */
export async function sweepLapsedHolds(
  ctx: ServiceContext,
  { batch = LAPSED_HOLDS_BATCH }: { batch?: number } = {},
): Promise<{ expired: number }> {
  const now = ctx.clock.now();
  let expired = 0;
  for (;;) {
    const holds = await ctx.unitOfWork(async (uow) => {
      const work = within(ctx, uow);
      const rows = await repository.expireLapsedHolds(uow.tx, now, batch);
      for (const row of rows) await announceFreedSlot(work, row);
      if (rows.length > 0) await timeChanged(work, rows);
      return rows.length;
    });
    expired += holds;
    if (holds < batch) return { expired };
  }
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
  /** Whether this app schedules the minute's sweeps (always, but in tests that run them themselves). */
  sweeps?: boolean;
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
  const schedule = { schedule: options.sweeps ?? true };
  await registerMinuteSweep(ctx.jobs, sweepLapsedHoldsJob, () => sweepLapsedHolds(ctx), schedule);
  await registerMinuteSweep(ctx.jobs, sweepNoShowsJob, () => sweepNoShows(ctx), schedule);
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
