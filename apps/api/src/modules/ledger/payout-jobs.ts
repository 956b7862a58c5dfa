import { within, type ServiceContext } from '../../context/service-context';
import { jobType } from '../../jobs/queue';
import { openPayout, sendPayout } from './payouts';
import * as repository from './repository';

// The payout jobs (decision 058): the weekly payout of every available balance, and the resolution of
// payouts a crash left unanswered. Both are safe to run twice at once: each payout is opened under the
// mentor's method lock, and each is asked of the provider with its own id as the idempotency key.

/** Queues a payout of every mentor's whole available balance of at least PAYOUT_MINIMUM; scheduled weekly. */
export const weeklyPayoutsJob = jobType<Record<string, never>>('payouts.weekly');
/** Pays out one mentor's whole available balance (queued by the weekly run, one job a mentor). */
export const mentorPayoutJob = jobType<{ mentorId: string }>('payouts.pay-mentor');
/** Asks the provider again about payouts left requested without an answer; scheduled every few minutes. */
export const unansweredPayoutsJob = jobType<Record<string, never>>('payouts.resolve-unanswered');

/**
 * Monday 04:30 UTC (10:00 in India): the week's weekend sessions are completed and available, and the banks
 * and the provider's support are at work should a transfer bounce.
 */
export const WEEKLY_PAYOUTS_CRON = '30 4 * * 1';
export const UNANSWERED_PAYOUTS_CRON = '*/5 * * * *';
/** A payout still unanswered this long after it was opened is taken for one a crash interrupted. */
export const UNANSWERED_AFTER_MS = 10 * 60 * 1000;
/**
 * How many unanswered payouts one run asks about; the next run takes the rest. Few, so a run of provider calls
 * (6 s each at most, and Stripe's SDK tries three times) stays inside the job's two minutes.
 */
const UNANSWERED_BATCH = 5;
/**
 * Like every queue here (decision 048), a job whose process died runs again within minutes: the weekly run
 * only queues a job per mentor, and each of those is one provider call.
 */
const PAYOUT_JOBS_EXPIRE_IN_SECONDS = 120;

/**
 * One mentor's whole available balance opened as a payout, in its own transaction, if it still reaches the
 * minimum: openPayout reads the balance under the mentor's locks, so a second run (or the mentor's own
 * request) at the same moment reads what this one left. Undefined when nothing is left to pay (or no method).
 */
async function openWholeBalance(ctx: ServiceContext, mentorId: string) {
  return ctx.unitOfWork(async (uow) => {
    const opened = await openPayout(within(ctx, uow), { mentorId, amount: 'whole_balance' });
    return opened.refusal === undefined ? opened.payout : undefined;
  });
}

/** The weekly run: one `payouts.pay-mentor` job for each mentor with enough available. Answers how many. */
export async function queueWeeklyPayouts(ctx: ServiceContext): Promise<{ queued: number }> {
  if (ctx.payments.payout === undefined) return { queued: 0 };
  const mentors = await repository.mentorsWithAvailable(ctx.db, ctx.settings.payoutMinimum);
  // One waiting job per mentor (its key): a second run in the same week queues nothing new for them.
  for (const mentorId of mentors)
    await ctx.jobs.enqueue(mentorPayoutJob, { mentorId }, { singletonKey: mentorId });
  if (mentors.length > 0) ctx.log.info({ queued: mentors.length }, 'weekly payouts queued');
  return { queued: mentors.length };
}

/**
 * One mentor's whole available balance paid out, if it is still at least the minimum when the job runs (the
 * mentor may have asked for it meanwhile). Answers whether a payout was opened; a payout opened but left
 * unanswered is the other job's to resolve.
 */
export async function payMentorBalance(ctx: ServiceContext, input: { mentorId: string }): Promise<boolean> {
  const payout = await openWholeBalance(ctx, input.mentorId);
  if (payout === undefined) return false;
  await sendPayout(ctx, { payout });
  return true;
}

/**
 * Payouts opened more than UNANSWERED_AFTER_MS ago and never answered (a crash between the opening's commit
 * and the provider's answer) asked of the provider again, with the same payout id as the idempotency key, so
 * a payout the provider did make is recorded, not made twice. Answers how many it asked about.
 */
export async function resolveUnansweredPayouts(ctx: ServiceContext): Promise<{ asked: number }> {
  if (ctx.payments.payout === undefined) return { asked: 0 };
  const before = new Date(ctx.clock.now().getTime() - UNANSWERED_AFTER_MS);
  const waiting = await repository.unansweredPayouts(ctx.db, { before, limit: UNANSWERED_BATCH });
  for (const payout of waiting) {
    try {
      await sendPayout(ctx, { payout });
    } catch (error) {
      ctx.log.warn({ err: error, payoutId: payout.id }, 'an unanswered payout is still unanswered');
    }
  }
  return { asked: waiting.length };
}

export async function registerPayoutWorkers(ctx: ServiceContext): Promise<void> {
  await ctx.jobs.register(weeklyPayoutsJob, () => queueWeeklyPayouts(ctx).then(() => undefined), {
    unique: true,
    batchSize: 1,
    expireInSeconds: PAYOUT_JOBS_EXPIRE_IN_SECONDS,
  });
  await ctx.jobs.register(mentorPayoutJob, (data) => payMentorBalance(ctx, data).then(() => undefined), {
    unique: true,
    batchSize: 2,
    expireInSeconds: PAYOUT_JOBS_EXPIRE_IN_SECONDS,
  });
  await ctx.jobs.register(unansweredPayoutsJob, () => resolveUnansweredPayouts(ctx).then(() => undefined), {
    unique: true,
    batchSize: 1,
    retryLimit: 0,
    expireInSeconds: PAYOUT_JOBS_EXPIRE_IN_SECONDS,
  });
  await ctx.jobs.schedule(weeklyPayoutsJob, WEEKLY_PAYOUTS_CRON, {});
  await ctx.jobs.schedule(unansweredPayoutsJob, UNANSWERED_PAYOUTS_CRON, {});
}
