import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { statementsDuring } from '../../test/statements';
import { jobType, startJobQueue, type JobQueue } from './queue';

const gathered = jobType<{ n: number }>('test.gathered');
/** A queue of jobs that wait for days, as a booking's completion does; no worker takes them here. */
const waiting = jobType<{ bookingId: string }>('test.waiting');
/** Far longer than two commits take on the slowest machine, so the jobs committed within it are certain to gather. */
const GAP_MS = 4000;

let database: TestDatabase;
let pool: pg.Pool;
let queue: JobQueue;
const handled: number[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  queue = await startJobQueue({
    connectionString: database.url,
    logger: pino({ level: 'silent' }),
    // Polls never come within the test: only wakes make the worker fetch.
    pollingIntervalSeconds: 600,
    retryDelaySeconds: 1,
    fetchGapMs: GAP_MS,
  });
  await queue.register(gathered, async ({ n }) => {
    handled.push(n);
  });
  // Its jobs are a week ahead: the worker never takes one.
  await queue.register(waiting, async () => undefined);
});
afterAll(async () => {
  await queue?.stop();
  await pool?.end();
  await database?.drop();
});

/** Commits one job in a transaction of its own, then wakes this process's workers, as a unit of work does. */
async function commitJob(n: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await queue.writeChanges({ cancel: [], enqueue: [{ type: gathered, data: { n }, options: {} }] }, client);
    await client.query('commit');
  } finally {
    client.release();
  }
  queue.wake(gathered.name);
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The fetches that took the jobs: pg-boss stamps a job's start with the fetching statement's transaction time. */
async function fetchesOf(ns: number[]): Promise<number> {
  const { rows } = await pool.query<{ fetches: string }>(
    `select count(distinct started_on) as fetches from pgboss.job
     where name = $1 and (data->>'n')::int = any($2::int[])`,
    [gathered.name, ns],
  );
  return Number(rows[0]?.fetches);
}

describe('a worker woken by commits', () => {
  it('takes the jobs of the commits that come within the gap after its last fetch in one fetch, not one each', async () => {
    // The worker fetched as it started, a moment ago: the wakes wait out the gap, and the jobs committed meanwhile
    // come together.
    await commitJob(1);
    await commitJob(2);
    await commitJob(3);
    await until(() => [1, 2, 3].every((n) => handled.includes(n)), 'the gathered jobs');
    expect(await fetchesOf([1, 2, 3])).toBe(1);
  });
});

describe("cancelling a key's waiting jobs", () => {
  it('looks them up by queue and key in an index, not by reading every waiting job', async () => {
    const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await queue.writeChanges(
        {
          cancel: [],
          enqueue: Array.from({ length: 2000 }, (_, n) => ({
            type: waiting,
            data: { bookingId: `booking-${n}` },
            options: { startAfter: inAWeek, singletonKey: `booking-${n}` },
          })),
        },
        client,
      );
      await client.query('commit');
      await client.query('analyze pgboss.job');

      await client.query('begin');
      const [cancel] = await statementsDuring(() =>
        queue.writeChanges({ cancel: [{ type: waiting, singletonKey: 'booking-7' }], enqueue: [] }, client),
      );
      const { rows } = await client.query<{ name: string; singleton_key: string }>(
        `select name, singleton_key from pgboss.job where state = 'cancelled'`,
      );
      expect(rows).toEqual([{ name: waiting.name, singleton_key: 'booking-7' }]);
      // The same statement, explained: PostgreSQL finds the key through an index, in the queue's own partition.
      const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
        `explain ${cancel!.text}`,
        cancel!.values,
      );
      const lines = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines).toMatch(/Index Cond: .*singleton_key/);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});
