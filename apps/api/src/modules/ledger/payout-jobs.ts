import { within, type ServiceContext } from '../../context/service-context';
import { jobType } from '../../jobs/queue';
import { openPayout, sendPayout } from './payouts';
import * as repository from './repository';

// The payout jobs (decision 058): the weekly payout of every available balance, and the resolution of
// payouts a crash left unanswered. Both are safe to run twice at once: each payout is opened under the
// mentor's method lock, and each is asked of the provider with its own id as the idempotency key.

/** Pays out every mentor's whole available balance of at least PAYOUT_MINIMUM; scheduled weekly. */
export const weeklyPayoutsJob = jobType<Record<string, never>>('payouts.weekly');
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
/** How many unanswered payouts one run asks about; the next run takes the rest. */
const UNANSWERED_BATCH = 50;
/** A run pays many mentors one after another, each a provider call: more than the short jobs' minute. */
const WEEKLY_EXPIRE_IN_SECONDS = 30 * 60;
const UNANSWERED_EXPIRE_IN_SECONDS = 5 * 60;

/**
 * One mentor's whole available balance opened as a payout, in its own transaction: the method's row locked,
 * then the balance read, so a second run (or the mentor's own request) at the same moment reads what this
 * one left. Undefined when nothing is left to pay (below the minimum, or no method).
 */
async function openWholeBalance(ctx: ServiceContext, mentorId: string) {
  return ctx.unitOfWork(async (uow) => {
    const method = await repository.lockPayoutMethod(uow.tx, mentorId);
    if (method === undefined) return undefined;
    const available = (await repository.balancesOfMentor(uow.tx, mentorId)).mentor_available ?? 0;
    if (available < ctx.settings.payoutMinimum) return undefined;
    const opened = await openPayout(within(ctx, uow), { mentorId, amount: available });
    return opened.refusal === undefined ? opened.payout : undefined;
  });
}

/** The weekly run: answers how many payouts it opened. One mentor's failure does not stop the others. */
export async function payAvailableBalances(ctx: ServiceContext): Promise<{ opened: number }> {
  if (ctx.payments.payout === undefined) return { opened: 0 };
  const mentors = await repository.mentorsWithAvailable(ctx.db, ctx.settings.payoutMinimum);
  let opened = 0;
  for (const mentorId of mentors) {
    try {
      const payout = await openWholeBalance(ctx, mentorId);
      if (payout === undefined) continue;
      opened += 1;
      await sendPayout(ctx, { payout });
    } catch (error) {
      // A payout opened but unanswered is the other job's to resolve; one not opened waits for next week.
      ctx.log.warn({ err: error, mentorId }, 'a weekly payout could not be made');
    }
  }
  if (opened > 0) ctx.log.info({ opened }, 'weekly payouts made');
  return { opened };
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
  await ctx.jobs.register(weeklyPayoutsJob, () => payAvailableBalances(ctx).then(() => undefined), {
    unique: true,
    batchSize: 1,
    expireInSeconds: WEEKLY_EXPIRE_IN_SECONDS,
  });
  await ctx.jobs.register(unansweredPayoutsJob, () => resolveUnansweredPayouts(ctx).then(() => undefined), {
    unique: true,
    batchSize: 1,
    retryLimit: 0,
    expireInSeconds: UNANSWERED_EXPIRE_IN_SECONDS,
  });
  await ctx.jobs.schedule(weeklyPayoutsJob, WEEKLY_PAYOUTS_CRON, {});
  await ctx.jobs.schedule(unansweredPayoutsJob, UNANSWERED_PAYOUTS_CRON, {});
}
