import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { statementsDuring, transactionAround } from '../../test/statements';
import { jobType } from '../jobs/queue';

// Two unique queues of the test's own, like a booking's reminders and completion; their jobs wait for tomorrow.
const remindJob = jobType<{ bookingId: string; lead: string }>('test.unit-of-work.remind');
const completeBookingJob = jobType<{ bookingId: string }>('test.unit-of-work.complete');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const type of [remindJob, completeBookingJob])
    await t.app.jobs.register(type, async () => undefined, { unique: true });
});
afterAll(() => t?.close());

interface JobRow {
  name: string;
  state: string;
  data: unknown;
  start_after: Date;
}

/** The jobs of one singleton key, oldest first. */
async function jobsOf(singletonKey: string): Promise<JobRow[]> {
  const { rows } = await t.app.pool.query<JobRow>(
    'SELECT name, state, data, start_after FROM pgboss.job WHERE singleton_key = $1 ORDER BY created_on, state',
    [singletonKey],
  );
  return rows;
}

/** Far enough ahead that no worker takes the job during the test. */
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

describe("a unit of work's jobs", () => {
  it('are written together in one statement just before the commit, each with its data, time and key', async () => {
    const bookingId = randomUUID();
    const remindAt = tomorrow();
    const completeAt = new Date(remindAt.getTime() + 60 * 60 * 1000);
    const statements = await statementsDuring(() =>
      t.app.services.unitOfWork(async (uow) => {
        await uow.enqueue(
          remindJob,
          { bookingId, lead: '24h' },
          { startAfter: remindAt, singletonKey: bookingId },
        );
        await uow.enqueue(
          completeBookingJob,
          { bookingId },
          { startAfter: completeAt, singletonKey: bookingId },
        );
      }),
    );

    expect(statements.filter(({ text }) => text.includes('INSERT INTO pgboss.job'))).toHaveLength(1);
    const jobs = await jobsOf(bookingId);
    expect(
      jobs
        .map(({ name, state, data }) => ({ name, state, data }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: completeBookingJob.name, state: 'created', data: { bookingId } },
      { name: remindJob.name, state: 'created', data: { bookingId, lead: '24h' } },
    ]);
    const startOf = (name: string) => jobs.find((job) => job.name === name)?.start_after.getTime();
    expect(startOf(remindJob.name)).toBe(remindAt.getTime());
    expect(startOf(completeBookingJob.name)).toBe(completeAt.getTime());
  });

  it('are not written when the work fails', async () => {
    const bookingId = randomUUID();
    await expect(
      t.app.services.unitOfWork(async (uow) => {
        await uow.enqueue(
          completeBookingJob,
          { bookingId },
          { startAfter: tomorrow(), singletonKey: bookingId },
        );
        await uow.cancelJobs(remindJob, bookingId);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await jobsOf(bookingId)).toEqual([]);
  });

  it('cancel the waiting jobs of a key, and leave a running one and other queues alone', async () => {
    const bookingId = randomUUID();
    const [waiting, running] = [`${bookingId}:24h`, `${bookingId}:15m`];
    await t.app.services.unitOfWork(async (uow) => {
      await uow.enqueue(
        remindJob,
        { bookingId, lead: '24h' },
        { startAfter: tomorrow(), singletonKey: waiting },
      );
      await uow.enqueue(
        remindJob,
        { bookingId, lead: '15m' },
        { startAfter: tomorrow(), singletonKey: running },
      );
      await uow.enqueue(completeBookingJob, { bookingId }, { startAfter: tomorrow(), singletonKey: waiting });
    });
    // As if a worker had just taken it.
    await t.app.pool.query("UPDATE pgboss.job SET state = 'active' WHERE singleton_key = $1", [running]);

    await t.app.services.unitOfWork(async (uow) => {
      await uow.cancelJobs(remindJob, waiting);
      await uow.cancelJobs(remindJob, running);
    });

    expect((await jobsOf(waiting)).map(({ name, state }) => [name, state]).sort()).toEqual([
      [completeBookingJob.name, 'created'],
      [remindJob.name, 'cancelled'],
    ]);
    expect((await jobsOf(running)).map(({ state }) => state)).toEqual(['active']);
  });

  it('keep a key queued anew after its cancel, and drop one queued before its cancel', async () => {
    const moved = randomUUID();
    const dropped = randomUUID();
    const first = tomorrow();
    await t.app.services.unitOfWork((uow) =>
      uow.enqueue(completeBookingJob, { bookingId: moved }, { startAfter: first, singletonKey: moved }),
    );

    const later = new Date(first.getTime() + 60 * 60 * 1000);
    await t.app.services.unitOfWork(async (uow) => {
      // A move: the old completion cancelled, the new one queued under the same key.
      await uow.cancelJobs(completeBookingJob, moved);
      await uow.enqueue(completeBookingJob, { bookingId: moved }, { startAfter: later, singletonKey: moved });
      // Queued and cancelled in the same work: as if it had never been queued.
      await uow.enqueue(
        completeBookingJob,
        { bookingId: dropped },
        { startAfter: later, singletonKey: dropped },
      );
      await uow.cancelJobs(completeBookingJob, dropped);
    });

    const jobs = await jobsOf(moved);
    expect(jobs.map(({ state, start_after }) => [state, start_after.getTime()])).toEqual([
      ['cancelled', first.getTime()],
      ['created', later.getTime()],
    ]);
    expect(await jobsOf(dropped)).toEqual([]);
  });

  it('keep one waiting job per key of a unique queue when the key is queued again', async () => {
    const bookingId = randomUUID();
    const write = () =>
      t.app.services.unitOfWork((uow) =>
        uow.enqueue(completeBookingJob, { bookingId }, { startAfter: tomorrow(), singletonKey: bookingId }),
      );
    await write();
    await write();
    expect((await jobsOf(bookingId)).map(({ state }) => state)).toEqual(['created']);
  });
});

describe("a unit of work's last writes", () => {
  it('run after its notifications and jobs, just before the commit, in the order given', async () => {
    const bookingId = randomUUID();
    const user = await createUser(t.app.db, { email: `last-${bookingId}@example.org` });
    const statements = await statementsDuring(() =>
      t.app.services.unitOfWork(async (uow) => {
        uow.beforeCommit(async () => void (await uow.tx.execute(sql`select 'first last write'`)));
        uow.beforeCommit(async () => void (await uow.tx.execute(sql`select 'second last write'`)));
        await uow.notify(user.id, { type: 'welcome', message: 'Noticed' });
        await uow.enqueue(
          completeBookingJob,
          { bookingId },
          { startAfter: tomorrow(), singletonKey: bookingId },
        );
      }),
    );

    expect(transactionAround(statements, ({ text }) => text.includes('first last write'))).toEqual([
      'begin',
      'insert_notifications',
      'insert_jobs',
      "select 'first last write'",
      "select 'second last write'",
      'commit',
    ]);
  });

  it('may not queue a job or a notification, which would be lost: the unit fails and writes nothing', async () => {
    const bookingId = randomUUID();
    const user = await createUser(t.app.db, { email: `late-${bookingId}@example.org` });
    await expect(
      t.app.services.unitOfWork(async (uow) => {
        await uow.notify(user.id, { type: 'welcome', message: 'Noticed' });
        uow.beforeCommit(() =>
          uow.enqueue(completeBookingJob, { bookingId }, { startAfter: tomorrow(), singletonKey: bookingId }),
        );
      }),
    ).rejects.toThrow('a job queued after the unit of work wrote its notifications and jobs');
    expect(await jobsOf(bookingId)).toEqual([]);
    const { rows } = await t.app.pool.query('SELECT 1 FROM notifications WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([]);
  });
});
