import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { DRIZZLE_OPTIONS, type Database } from '../db/client';
import { type EnqueueOptions, type JobKey, type JobQueue, type JobType, type QueuedJob } from '../jobs/queue';
import type { Notice, NotificationInput, Notifier, ServiceLogger } from './ports';

/**
 * One transaction in which rows, queued jobs and notifications commit or roll back together. What must only
 * happen once the change is real (socket events, waking a worker) is collected and run after the commit:
 * a code is never mailed for a row that was rolled back, and nobody hears of something that never happened.
 */
export interface UnitOfWork {
  /** Queries inside the transaction. */
  readonly tx: Database;
  /** A job that exists only if the transaction commits (written with the others just before the commit). */
  enqueue<Data>(type: JobType<Data>, data: Data, options?: EnqueueOptions): Promise<void>;
  /**
   * Cancels the waiting jobs of a singleton key, in the transaction (a cancelled booking's reminders), those
   * this unit of work queued included.
   */
  cancelJobs<Data>(type: JobType<Data>, singletonKey: string): Promise<void>;
  /**
   * A notification row written with the others just before the commit (one statement for all), and the person's
   * sockets rung after it. A link that leaves the app is refused at once.
   */
  notify(userId: string, input: NotificationInput): Promise<void>;
  /** `notify`, unless the person already has a notification of this type (a welcome is sent once). */
  notifyOnce(userId: string, input: NotificationInput): Promise<void>;
  /**
   * A write run last, after the notifications and jobs, just before the commit: for a row lock every transaction
   * of its kind waits for (a document series' next number), which is then held for the commit alone.
   */
  beforeCommit(write: () => Promise<void>): void;
  /** Runs after the commit; its failure is logged, never thrown: the change is already made. */
  afterCommit(effect: () => void): void;
}

export interface UnitOfWorkDeps {
  pool: pg.Pool;
  jobs: JobQueue;
  notifier: Notifier;
  log: ServiceLogger;
}

/**
 * One Drizzle handle per pooled connection, made the first time the connection runs a unit of work: building one
 * reads the whole schema's relations (a few percent of a booking's time in the api when built per transaction),
 * and a handle keeps no state of its own beyond its connection.
 */
const handles = new WeakMap<pg.PoolClient, Database>();

function handleOf(client: pg.PoolClient): Database {
  let handle = handles.get(client);
  if (handle === undefined) {
    handle = drizzle(client, DRIZZLE_OPTIONS) as unknown as Database;
    handles.set(client, handle);
  }
  return handle;
}

export async function runUnitOfWork<T>(
  deps: UnitOfWorkDeps,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const client = await deps.pool.connect();
  const effects: Array<() => void> = [];
  // Collected and written just before the commit: jobs in two statements at most instead of one or two each, and
  // notifications in one.
  let jobs: QueuedJob[] = [];
  const cancels: JobKey[] = [];
  const notices: Notice[] = [];
  const lastWrites: Array<() => Promise<void>> = [];
  // Set once the notifications and jobs are written: a last write that queued more would lose them.
  let written = false;
  const stillOpen = (what: string) => {
    if (written) throw new Error(`${what} after the unit of work wrote its notifications and jobs`);
  };
  let result: T;
  try {
    await client.query('begin');
    // A Drizzle handle on this one client: the same queries as the pool's, inside this transaction.
    const tx = handleOf(client);
    result = await work({
      tx,
      async enqueue(type, data, options = {}) {
        stillOpen('a job queued');
        jobs.push({ type, data, options });
      },
      async cancelJobs(type, singletonKey) {
        stillOpen('a job cancelled');
        jobs = jobs.filter((job) => job.type.name !== type.name || job.options.singletonKey !== singletonKey);
        cancels.push({ type, singletonKey });
      },
      async notify(userId, input) {
        stillOpen('a notification');
        deps.notifier.check(input);
        notices.push({ userId, input });
      },
      async notifyOnce(userId, input) {
        stillOpen('a notification');
        deps.notifier.check(input);
        const noticed = notices.some(
          (notice) => notice.userId === userId && notice.input.type === input.type,
        );
        if (noticed || (await deps.notifier.hasOfType(tx, userId, input.type))) return;
        notices.push({ userId, input });
      },
      beforeCommit(write) {
        stillOpen('a last write');
        lastWrites.push(write);
      },
      afterCommit(effect) {
        effects.push(effect);
      },
    });
    if (notices.length > 0) effects.push(...(await deps.notifier.record(tx, notices)));
    // pg-boss writes the jobs through the same client, so they exist only if this transaction commits.
    await deps.jobs.writeChanges({ cancel: cancels, enqueue: jobs }, client);
    written = true;
    for (const write of lastWrites) await write();
    await client.query('commit');
    client.release();
  } catch (error) {
    // A client whose rollback failed is in an unknown state: destroy it rather than return it to the pool.
    const rolledBack = await client.query('rollback').then(
      () => true,
      () => false,
    );
    client.release(rolledBack ? undefined : true);
    throw error;
  }
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      deps.log.warn({ err: error }, 'a change was committed but what should follow it failed');
    }
  }
  // The jobs are visible now: this process's workers take those that are due at once, not at their next poll.
  const now = Date.now();
  const due = jobs.filter(
    ({ options }) => options.startAfter === undefined || options.startAfter.getTime() <= now,
  );
  for (const name of new Set(due.map(({ type }) => type.name))) deps.jobs.wake(name);
  return result;
}
