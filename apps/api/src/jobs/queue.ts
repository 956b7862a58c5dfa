import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';

/** Where a job is written: the app's own connection by default, or a transaction's (see `unit-of-work.ts`). */
export type JobExecutor = PgBoss.Db;

/** A named kind of job and the shape of its data; modules declare theirs with `jobType`. */
export interface JobType<Data> {
  readonly name: string;
  /** Only carries the data type; never set. */
  readonly data?: Data;
}

export function jobType<Data extends object>(name: string): JobType<Data> {
  return { name };
}

export interface EnqueueOptions {
  /** Not before this instant (a reminder, a hold's expiry). */
  startAfter?: Date;
  /**
   * At most one job of this key waits at a time (queues registered with `unique`): a second enqueue is a
   * no-op, and `cancel` finds the waiting one by the key.
   */
  singletonKey?: string;
  /** With a transaction's executor, the job exists only if that transaction commits. */
  executor?: JobExecutor;
}

export interface WorkerOptions {
  /** Jobs taken at once by each poll; they run concurrently, so this bounds the concurrency too. */
  batchSize?: number;
  retryLimit?: number;
  /** The first retry's delay in seconds; each later one doubles it. Defaults to the queue's `retryDelaySeconds`. */
  retryDelaySeconds?: number;
  /** A job still running after this long counts as failed (and is retried). */
  expireInSeconds?: number;
  /** Jobs carry a singleton key, and only one per key may wait (pg-boss's `short` policy). */
  unique?: boolean;
}

export interface JobInfo {
  id: string;
  name: string;
  /** Retries still to come if this run fails: 0 on the last attempt, after which the job stays failed. */
  retriesLeft: number;
}

export type JobHandler<Data> = (data: Data, job: JobInfo) => Promise<void>;

export interface JobQueue {
  /** Declares a queue and starts its worker in this process; each module registers its own jobs. */
  register<Data>(type: JobType<Data>, handler: JobHandler<Data>, options?: WorkerOptions): Promise<void>;
  /** Queues a job; answers its id, or null when a job of the same singleton key already waits. */
  enqueue<Data>(type: JobType<Data>, data: Data, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Queues a job of a registered type on a cron schedule (UTC), once for all api processes: pg-boss keeps one
   * schedule per name and one process sends each tick's job.
   */
  schedule<Data>(type: JobType<Data>, cron: string, data: Data): Promise<void>;
  /** Cancels the waiting (not yet running) jobs of a singleton key; answers how many. */
  cancel<Data>(type: JobType<Data>, singletonKey: string, executor?: JobExecutor): Promise<number>;
  /** Asks this process's workers of a queue to poll now instead of at their next interval. */
  wake(name: string): void;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  connectionString: string;
  logger: Logger;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s; tests use that). */
  pollingIntervalSeconds: number;
  /** The first retry's delay, unless a queue says otherwise. */
  retryDelaySeconds: number;
}

const DEFAULT_BATCH_SIZE = 50;
const DEFAULT_RETRY_LIMIT = 5;

/** Lets a transaction on a pg client write jobs: pg-boss only needs `executeSql`. */
export function executorFor(client: pg.ClientBase): JobExecutor {
  return { executeSql: async (text, values) => client.query(text, values) };
}

/**
 * pg-boss in the app's own PostgreSQL (schema `pgboss`). Every api process runs the workers, and pg-boss
 * hands each job to exactly one of them. A worker takes a batch per poll and runs its jobs concurrently;
 * each job succeeds or fails on its own, so one bad address never makes a whole batch of mail retry.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    application_name: 'skillroute-jobs',
  });
  // Without a listener an error event would end the process; a lost connection is retried by pg-boss.
  // Its message and SQLSTATE say enough: pg-boss's errors can carry the whole pg client (kilobytes a line).
  boss.on('error', (error: Error & { code?: string }) =>
    logger.warn({ error: error.message, code: error.code }, 'job queue error'),
  );
  await boss.start();
  const workers = new Map<string, string[]>();
  /** Ends the polling pause of every worker of a queue, so it fetches at once. */
  const wake = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };

  return {
    async register(type, handler, worker = {}) {
      await boss.createQueue(type.name, {
        name: type.name,
        policy: worker.unique ? 'short' : 'standard',
        retryLimit: worker.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay: worker.retryDelaySeconds ?? options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: worker.expireInSeconds ?? 120,
      });
      const batchSize = worker.batchSize ?? DEFAULT_BATCH_SIZE;
      const id = await boss.work<object>(
        type.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize, includeMetadata: true },
        async (jobs) => {
          // A full batch means more may be waiting: fetch again at once instead of sleeping out the interval.
          if (jobs.length === batchSize) wake(type.name);
          const outcomes = await Promise.allSettled(
            jobs.map((job) =>
              handler(job.data as never, {
                id: job.id,
                name: job.name,
                retriesLeft: Math.max(0, job.retryLimit - job.retryCount),
              }),
            ),
          );
          // pg-boss completes the whole batch when this returns; failing the failed ones first keeps them out
          // of that (it completes only jobs still active) and gives each its own retry.
          await Promise.all(
            outcomes.map(async (outcome, index) => {
              const job = jobs[index];
              if (outcome.status === 'fulfilled' || job === undefined) return;
              const error = outcome.reason as Error;
              logger.warn(
                { err: error, jobId: job.id, queue: type.name },
                job.retryCount < job.retryLimit
                  ? 'a job failed; it will be retried'
                  : 'a job failed on its last attempt; it stays failed',
              );
              await boss.fail(type.name, job.id, { message: error?.message ?? String(error) });
            }),
          );
        },
      );
      workers.set(type.name, [...(workers.get(type.name) ?? []), id]);
    },

    async enqueue(type, data, { executor, startAfter, singletonKey } = {}) {
      return boss.send(type.name, data as object, {
        ...(executor === undefined ? {} : { db: executor }),
        startAfter,
        singletonKey,
      });
    },

    async schedule(type, cron, data) {
      await boss.schedule(type.name, cron, data as object, { tz: 'UTC' });
    },

    async cancel(type, singletonKey, executor) {
      const db = executor ?? boss.getDb();
      const waiting = await db.executeSql(
        `SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state < 'active'`,
        [type.name, singletonKey],
      );
      const ids = (waiting.rows as Array<{ id: string }>).map((row) => row.id);
      if (ids.length > 0) await boss.cancel(type.name, ids, { db });
      return ids.length;
    },

    wake,

    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
