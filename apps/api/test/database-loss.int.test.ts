import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createPool, type Database } from '../src/db/client';
import { sendMailJob } from '../src/modules/mail/service';
import { createUser, signedInAs, type SignedInPerson } from './accounts';
import { WEEKDAYS_10_TO_17, weekAhead } from './bookings';
import { createTestDatabase, type TestDatabase } from './helpers';
import { createMentor } from './mentors';
import { serverPort, spawnServer, waitForOutput, type ServerProcess } from './server-process';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const JWT_SECRET = 'database-loss-user-secret-0123456789abcdef';
const BOOKINGS = 60;

/** Polls until `find` answers something, failing at once if the process has ended. */
async function until<T>(
  server: ServerProcess,
  find: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(
        `the api process exited (${server.child.exitCode}) while waiting for ${what}:\n${server.output().slice(-4000)}`,
      );
    const found = await Promise.resolve()
      .then(find)
      .catch(async (error: unknown) => {
        // A refused or dropped request is the process ending, most likely: say so, with its last words.
        await new Promise((resolve) => setTimeout(resolve, 500));
        if (server.child.exitCode === null) throw error;
        return undefined;
      });
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The api process against a PostgreSQL it reaches through a proxy the test cuts, as a database killed with
 * -9 (or a network gone) looks from the process: every connection reset at once, new ones refused. Bookings
 * are being made and a slow mail relay keeps a batch of mail jobs running, so the job queue, the LISTEN
 * connections and the request pool all lose the database mid-work.
 */
describe('the api process when it loses its database', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let smtp: SmtpCapture;
  let pool: pg.Pool;
  let db: Database;
  let queue: PgBoss;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    smtp = await startSmtpCapture({ delayMs: 150 });
    pool = createPool(database.url, { warn() {} }, 4);
    db = createDatabase(pool);
    // Jobs are queued straight into the database (not through the proxy), so they keep coming during the outage.
    queue = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, max: 2 });
    queue.on('error', () => undefined);
    await queue.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-database-loss-'));
  });
  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await queue?.stop({ graceful: false });
    await pool?.end();
    await proxy?.close();
    smtp?.release();
    await smtp?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up through the outage, answers 503 meanwhile, and books and mails again once it is back', async () => {
    const mentorId = await createMentor(db, {
      availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17 },
    });
    const mentees: SignedInPerson[] = [];
    for (let i = 0; i < BOOKINGS; i += 1) {
      const user = await createUser(db, { email: `mentee-${i}-${Date.now()}@example.org` });
      mentees.push(await signedInAs(db, JWT_SECRET, user));
    }
    // Distinct hours over two weeks of the mentor's working days, one per mentee.
    const { at } = weekAhead();
    const slots = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].flatMap((day) =>
      [10, 11, 12, 13, 14, 15].map((hour) => at(day, hour)),
    );

    const publicDatabaseUrl = new URL(database.url);
    publicDatabaseUrl.port = String(proxy.port);
    const port = await serverPort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawnServer({
      DATABASE_URL: publicDatabaseUrl.toString(),
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET,
      ADMIN_JWT_SECRET: 'database-loss-admin-secret-0123456789abcdef',
      SMTP_URL: smtp.url,
      RATE_LIMIT_MAX: '1000000',
    });
    await waitForOutput(server, `Skillroute is running at http://localhost:${port}`, 90_000);
    const alive = server;

    let booked = 0;
    const book = async (): Promise<number> => {
      const index = booked;
      const mentee = mentees[index];
      const startTime = slots[index];
      if (mentee === undefined || startTime === undefined) throw new Error('out of mentees for bookings');
      const response = await fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: {
          cookie: mentee.cookie,
          'content-type': 'application/json',
          origin: `http://localhost:${port}`,
        },
        body: JSON.stringify({ mentorId, startTime: startTime.toISOString() }),
      });
      if (response.status === 201) booked += 1;
      else if (response.status !== 503)
        throw new Error(`booking answered ${response.status}: ${await response.text()}`);
      return response.status;
    };
    const queueMails = (subject: string, count: number) =>
      queue.insert(
        Array.from({ length: count }, (_unused, i) => ({
          name: sendMailJob.name,
          data: { to: `reader-${i}@example.org`, subject, text: subject, html: `<p>${subject}</p>` },
        })),
      );

    // Bookings flow, and the mail worker is busy with a batch the slow relay holds for a while.
    await queueMails('before the outage', 300);
    // Five bookings go through (a 503 on a busy machine, where a statement can outlast its timeout, is tried
    // again: this is not a test of speed).
    await until(
      alive,
      async () => ((await book()) === 201 && booked >= 5 ? true : undefined),
      60_000,
      'five bookings',
    );
    await until(alive, () => (smtp.mails.length >= 10 ? true : undefined), 60_000, 'mails being delivered');
    // The relay stalls, so the worker's batch is surely in flight when the database goes, however long the
    // steps above took on a busy machine; it is let go once the outage is under way.
    smtp.hold();
    // Fresh mails too, in case the first ones were all delivered while the bookings above took their time.
    await queueMails('held at the relay', 20);
    await until(alive, () => (smtp.held > 0 ? true : undefined), 60_000, 'a mail batch in flight');

    proxy.cut();
    // The outage while requests keep coming: they get 503s, and so does the health check.
    const outageStatuses: number[] = [];
    const healthDuring = await until(
      alive,
      async () => {
        outageStatuses.push(await book());
        const health = await fetch(`${baseUrl}/api/health`);
        return health.status === 503 ? ((await health.json()) as { status: string }) : undefined;
      },
      30_000,
      'health answering 503 during the outage',
    );
    expect(healthDuring.status).toBe('degraded');
    smtp.release();
    // Long enough for the running mail batch to end, and its outcome to fail to be written.
    await until(
      alive,
      () => (alive.output().includes('could not mark a job') ? true : undefined),
      60_000,
      'the mail batch ending while the database is away',
    );
    outageStatuses.push(await book());
    expect(outageStatuses.filter((status) => status !== 503)).toEqual([]);
    expect(alive.child.exitCode).toBeNull();

    proxy.restore();
    await until(
      alive,
      async () => ((await book()) === 201 ? true : undefined),
      60_000,
      'a booking succeeding after the database is back',
    );
    await queueMails('after the outage', 1);
    await until(
      alive,
      () => (smtp.mails.some((mail) => mail.raw.includes('after the outage')) ? true : undefined),
      60_000,
      'a mail queued after the outage being delivered',
    );
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    expect(alive.child.exitCode).toBeNull();
  }, 240_000);
});
