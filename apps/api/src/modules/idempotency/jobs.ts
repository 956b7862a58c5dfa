import type { ServiceContext } from '../../context/service-context';
import { jobType } from '../../jobs/queue';
import * as repository from './repository';
import { keptSince } from './rules';

/** Forgets the idempotency keys older than their 24 hours; scheduled hourly. */
export const forgetOldKeysJob = jobType<Record<string, never>>('idempotency.forget-old-keys');

export async function forgetOldKeys(ctx: ServiceContext): Promise<void> {
  const forgotten = await repository.forgetKeysMadeBefore(ctx.db, keptSince(ctx.clock.now()));
  if (forgotten > 0) ctx.log.info({ forgotten }, 'old idempotency keys forgotten');
}

export async function registerIdempotencyWorkers(ctx: ServiceContext): Promise<void> {
  await ctx.jobs.register(forgetOldKeysJob, () => forgetOldKeys(ctx), { unique: true, batchSize: 1 });
  await ctx.jobs.schedule(forgetOldKeysJob, '17 * * * *', {});
}
