import PgBoss from 'pg-boss';
import pg from 'pg';
import type { Logger } from 'pino';

/** A named kind of job and the shape of its data; modules declare theirs with `jobType`. */
export interface JobType<Data> {
  readonly name: string;
  /** Only carries the data type; never set. */
  readonly data?: Data;
}

export function jobType<Data extends object>(name: string): JobType<Data> {
  return { name };
}

/** The cron of the minute's sweeps. */
export const EVERY_MINUTE = '* * * * *';

/**
 * A sweep that runs every minute, once for all api processes: one run at a time, and no retry (the next
 * minute's run is the retry). Scheduled unless `schedule` is false: tests run their sweeps on their own clock.
 */
export async function registerMinuteSweep(
  jobs: JobQueue,
  type: JobType<Record<string, never>>,
  sweep: () => Promise<unknown>,
  { schedule }: { schedule: boolean },
): Promise<void> {
  await jobs.register(type, () => sweep().then(() => undefined), {
    unique: true,
    batchSize: 1,
    retryLimit: 0,
  });
  if (schedule) await jobs.schedule(type, EVERY_MINUTE, {});
}

export interface EnqueueOptions {
  /** Not before this instant (a reminder, a session's completion). */
  startAfter?: Date;
  /**
   * At most one job of this key waits at a time (queues registered with `unique`): a second enqueue is a
   * no-op, and `cancel` finds the waiting one by the key.
   */
  singletonKey?: string;
}

/** A job as a unit of work collects it, to be written with the others at its commit. */
export interface QueuedJob {
  type: JobType<unknown>;
  data: unknown;
  options: EnqueueOptions;
}

/** The waiting jobs of one singleton key of a queue. */
export interface JobKey {
  type: JobType<unknown>;
  singletonKey: string;
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
  /**
   * A transaction's job changes in at most two statements: the waiting (not yet running) jobs of the keys in
   * `cancel` are cancelled first, then the jobs in `enqueue` are written (so a key cancelled and queued anew in
   * one transaction keeps its new job).
   */
  writeChanges(changes: { cancel: JobKey[]; enqueue: QueuedJob[] }, client: pg.ClientBase): Promise<void>;
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
  /** The least time between two fetches of a worker whose last batch was not full (default `FETCH_GAP_MS`). */
  fetchGapMs?: number;
}

const DEFAULT_BATCH_SIZE = 50;
const DEFAULT_RETRY_LIMIT = 5;

/**
 * What pg-boss's own `cancel` writes, for the waiting jobs of several (queue, singleton key) pairs at once:
 * one statement instead of a lookup of the ids and a cancel per key.
 */
const CANCEL_WAITING_JOBS = `
  UPDATE pgboss.job SET completed_on = now(), state = 'cancelled'
  WHERE (name, singleton_key) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND state < 'active'`;

/**
 * An index pg-boss does not make, for CANCEL_WAITING_JOBS: the waiting jobs of a queue and singleton key. Without it
 * every cancellation or move read all the waiting jobs of every queue, and a booking's completion and reminders wait
 * for days, so they pile up (40 ms a cancel at 40,000 waiting jobs, 0.5 ms with the index). Made on the partitioned
 * table, so each queue's partition has its own, those pg-boss makes later too. Under an advisory lock: several api
 * processes may start at once. Building it locks the table against writes once, on the first start that makes it.
 */
const INDEX_WAITING_JOBS_BY_KEY = `
  BEGIN;
  SELECT pg_advisory_xact_lock(hashtext('skillroute: index waiting jobs by key'));
  CREATE INDEX IF NOT EXISTS job_waiting_by_singleton_key ON pgboss.job (name, singleton_key) WHERE state < 'active';
  COMMIT;`;

/** On a connection of its own, which ends with it: a failure rolls back with the connection, and the start fails. */
async function indexWaitingJobsByKey(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'skillroute-jobs' });
  await client.connect();
  try {
    await client.query(INDEX_WAITING_JOBS_BY_KEY);
  } finally {
    await client.end();
  }
}

/**
 * Lets a transaction's pg client send one statement of pg-boss's (it only needs `executeSql`) as a named prepared
 * statement: PostgreSQL parses it once per connection. The name is only ever given to that one statement's text.
 */
function preparedOn(client: pg.ClientBase, name: string): PgBoss.Db {
  return { executeSql: async (text, values) => client.query({ name, text, values }) };
}

/** A short job that outlives this is taken for dead (its process gone) and retried: mail, bookings' steps. */
export const DEFAULT_EXPIRE_IN_SECONDS = 60;
/**
 * How often pg-boss looks for expired jobs (its default is 2 minutes): a job whose process died is retried
 * about its expiry plus this after it started, not minutes later.
 */
const MAINTENANCE_INTERVAL_SECONDS = 20;
/**
 * The least time between two fetches of one worker, unless a batch came full: a wake within it waits out the rest,
 * so a commit's job waits at most this long for the others to gather (at a hundred mails a second, a fetch per
 * commit would be dozens of fetches and completions a second, each batch of one or two).
 */
const FETCH_GAP_MS = 200;
/** On stop, how long the workers' running jobs may take before the queue closes anyway. */
const STOP_TIMEOUT_MS = 10_000;

/** The message and SQLSTATE of a database error: pg-boss's errors can carry the whole pg client. */
const briefly = (error: unknown) => ({
  error: error instanceof Error ? error.message : String(error),
  code: (error as { code?: string } | undefined)?.code,
});

/** Rejects when `work` has not settled within `seconds` (the job's expiry, after which it counts as failed). */
function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the job ran longer than ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Worker {
  wake(): void;
  stop(): void;
  /** Settles once the current batch is done and the loop has ended. */
  stopped: Promise<void>;
}

/**
 * pg-boss in the app's own PostgreSQL (schema `pgboss`). Every api process runs the workers, and pg-boss
 * hands each job to exactly one of them. A worker takes a batch per poll and runs its jobs concurrently;
 * each job succeeds or fails on its own, so one bad address never makes a whole batch of mail retry.
 *
 * The workers are this module's own loop over pg-boss's `fetch`, `complete` and `fail`, not `boss.work`:
 * pg-boss 10's worker completes a batch without awaiting it, so a database lost at that moment rejected
 * with nobody listening and ended the process (decision 048). Here every query's failure is awaited and
 * logged; a job whose outcome could not be written stays active until it expires, and then runs again.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger, fetchGapMs = FETCH_GAP_MS } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    application_name: 'skillroute-jobs',
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  });
  // Without a listener an error event would end the process; a lost connection is retried by pg-boss.
  boss.on('error', (error: unknown) => logger.warn(briefly(error), 'job queue error'));
  await boss.start();
  try {
    await indexWaitingJobsByKey(options.connectionString);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true });
    throw error;
  }
  const workers = new Map<string, Worker[]>();
  let stopping = false;

  /** Writes a job's outcome; a database that is away leaves the job active, to expire and run again. */
  const record = async (what: string, write: () => Promise<unknown>, details: object) => {
    try {
      await write();
    } catch (error) {
      logger.warn(
        { ...briefly(error), ...details },
        `could not mark a job ${what}; it runs again once it expires`,
      );
    }
  };

  function startWorker<Data>(type: JobType<Data>, handler: JobHandler<Data>, batchSize: number): Worker {
    let stopped = false;
    let woken = false;
    let endPause: (() => void) | undefined;
    let endGathering: (() => void) | undefined;
    /** A pause until `ms` have passed; `ends` receives what ends it sooner. */
    const pauseFor = (ms: number, ends: (end: () => void) => void) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        ends(() => {
          clearTimeout(timer);
          resolve();
        });
      });

    const runBatch = async (jobs: PgBoss.JobWithMetadata<object>[]) => {
      const outcomes = await Promise.allSettled(
        jobs.map((job) =>
          withinSeconds(
            Promise.resolve().then(() =>
              handler(job.data as Data, {
                id: job.id,
                name: job.name,
                retriesLeft: Math.max(0, job.retryLimit - job.retryCount),
              }),
            ),
            // PostgreSQL's numeric arrives as text.
            Number(job.expireInSeconds),
          ),
        ),
      );
      const done = jobs.filter((_job, index) => outcomes[index]?.status === 'fulfilled').map((job) => job.id);
      if (done.length > 0)
        await record('completed', () => boss.complete(type.name, done), {
          queue: type.name,
          jobs: done.length,
        });
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
          await record(
            'failed',
            () => boss.fail(type.name, job.id, { message: error?.message ?? String(error) }),
            { jobId: job.id, queue: type.name },
          );
        }),
      );
    };

    const loop = async () => {
      let full = false;
      let started = -Infinity;
      while (!stopped) {
        // Under load every commit wakes the worker: the jobs of the commits that come within the gap are taken
        // together, one fetch (and one completion) for all of them, unless the last batch came full.
        const gathering = full ? 0 : started + fetchGapMs - Date.now();
        if (gathering > 0) await pauseFor(gathering, (end) => (endGathering = end));
        if (stopped) break;
        started = Date.now();
        woken = false;
        // pg-boss's fetch answers no jobs when the database is away, so an outage is a quiet poll.
        const jobs = await boss
          .fetch<object>(type.name, { batchSize, includeMetadata: true })
          .catch((error: unknown) => {
            logger.warn({ ...briefly(error), queue: type.name }, 'could not fetch jobs');
            return [];
          });
        // A full batch means more may be waiting: fetch again at once instead of sleeping out the interval.
        full = jobs.length === batchSize;
        if (jobs.length > 0) await runBatch(jobs);
        const rest = options.pollingIntervalSeconds * 1000 - (Date.now() - started);
        if (!stopped && !woken && !full && rest > 0) await pauseFor(rest, (end) => (endPause = end));
      }
    };

    return {
      wake() {
        woken = true;
        endPause?.();
      },
      stop() {
        stopped = true;
        endPause?.();
        endGathering?.();
      },
      // Nothing in the loop should throw; if something does, the worker ends with a word, not the process.
      stopped: loop().catch((error: unknown) =>
        logger.error({ err: error, queue: type.name }, 'a job worker stopped unexpectedly'),
      ),
    };
  }

  return {
    async register(type, handler, worker = {}) {
      await boss.createQueue(type.name, {
        name: type.name,
        policy: worker.unique ? 'short' : 'standard',
        retryLimit: worker.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay: worker.retryDelaySeconds ?? options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: worker.expireInSeconds ?? DEFAULT_EXPIRE_IN_SECONDS,
      });
      if (stopping) return;
      const started = startWorker(type, handler, worker.batchSize ?? DEFAULT_BATCH_SIZE);
      workers.set(type.name, [...(workers.get(type.name) ?? []), started]);
    },

    async enqueue(type, data, { startAfter, singletonKey } = {}) {
      return boss.send(type.name, data as object, {
        startAfter,
        singletonKey,
      });
    },

    async schedule(type, cron, data) {
      await boss.schedule(type.name, cron, data as object, { tz: 'UTC' });
    },

    async writeChanges({ cancel, enqueue }, client) {
      if (cancel.length > 0)
        await preparedOn(client, 'cancel_waiting_jobs').executeSql(CANCEL_WAITING_JOBS, [
          cancel.map((key) => key.type.name),
          cancel.map((key) => key.singletonKey),
        ]);
      if (enqueue.length > 0)
        await boss.insert(
          enqueue.map(({ type, data, options }) => ({
            name: type.name,
            data: data as object,
            startAfter: options.startAfter,
            singletonKey: options.singletonKey,
          })),
          { db: preparedOn(client, 'insert_jobs') },
        );
    },

    /** Ends the polling pause of every worker of a queue, so it fetches at once, or once the fetch gap has passed. */
    wake(name) {
      for (const worker of workers.get(name) ?? []) worker.wake();
    },

    async stop() {
      stopping = true;
      const all = [...workers.values()].flat();
      for (const worker of all) worker.stop();
      // The running jobs finish first; one stuck past the timeout stays active, expires and runs again.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(all.map((worker) => worker.stopped)),
        new Promise((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
