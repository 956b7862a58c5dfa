// A real api process (apps/api/src/server.ts) killed with SIGKILL three times while people sign up, book, pay
// (sandbox) and cancel, restarted each time; then the bookings audit (booking-audit.ts) must find nothing.
// Clients behave as the web app and a payment provider do: a call that got no answer is sent again with the
// same Idempotency-Key once the api is back, and a webhook is delivered until it is acknowledged.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSandboxWebhookSecret, signSandboxEvent } from '../src/adapters/payments/sandbox';
import { createDatabase, createPool, type Database } from '../src/db/client';
import { createUser, signedInAs, type SignedInPerson } from './accounts';
import { auditBookings, CLEAN_AUDIT, type BookingAudit } from './booking-audit';
import { WEEKDAYS_10_TO_17, weekAhead } from './bookings';
import { createTestDatabase, type TestDatabase } from './helpers';
import { createMentor } from './mentors';
import { serverPort } from './server-process';
import { waitFor } from './sockets';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const JWT_SECRET = randomBytes(32).toString('hex');
const KILLS = 3;
const WORKERS = 10;
const PRICE_PAISE = 150_000;

let database: TestDatabase;
let db: Database;
let closePool: () => Promise<void>;
let port: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-kill-audit-'));

interface Api {
  child: ChildProcess;
  ready: Promise<void>;
  output: () => string;
}
let api: Api | undefined;

/** The real entry, as `npm start` runs it, on this file's database. */
function startApi(): Api {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      JWT_SECRET,
      ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_PROVIDER: 'sandbox',
      RATE_LIMIT_MAX: '1000000',
      SIGN_UP_LIMIT_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const ready = waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}:\n${output}`);
      return output.includes('Skillroute is running at') ? true : undefined;
    },
    'the api to start',
    120_000,
    50,
  ).then(() => undefined);
  return { child, ready, output: () => output };
}

async function kill(running: Api): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const pool = createPool(database.url, { warn: () => undefined }, 4);
  db = createDatabase(pool);
  closePool = () => pool.end();
  port = await serverPort();
}, 60_000);

afterAll(async () => {
  if (api !== undefined && api.child.exitCode === null) await kill(api);
  await closePool?.();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: unknown;
}

const counts = { sent: 0, unanswered: 0, inFlight: 0 };
/** How each kind of call was answered in the end, for the log line: `POST /api/bookings 201` → n. */
const finalAnswers = new Map<string, number>();

/** One try: status 0 when the process died under it or was not there. */
async function once(
  method: string,
  url: string,
  init: { cookie?: string; key?: string; body?: string; headers?: Record<string, string> },
): Promise<Answer> {
  counts.sent += 1;
  counts.inFlight += 1;
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie === undefined ? {} : { cookie: init.cookie }),
        ...(init.key === undefined ? {} : { 'idempotency-key': init.key }),
        ...init.headers,
      },
      body: init.body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  } catch {
    counts.unanswered += 1;
    return { status: 0, body: undefined };
  } finally {
    counts.inFlight -= 1;
  }
}

/** As the web app (with an Idempotency-Key) or a provider (the same signed event) does: again, until answered. */
async function untilAnswered(
  method: string,
  url: string,
  init: { cookie?: string; key?: string; body?: string; headers?: Record<string, string> },
): Promise<Answer> {
  // Patient: a restart on a busy machine takes seconds, and at a load average of 15 (CI beside other work) a
  // request waited out a whole minute of 503s and refusals while the api came back.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const answer = await once(method, url, init);
    if (answer.status !== 0 && answer.status !== 502 && answer.status !== 503) {
      const refusal =
        answer.status >= 400 ? ` ${(answer.body as { message?: string } | undefined)?.message}` : '';
      const kind = `${method} ${url.replace(/[0-9a-f-]{36}/, ':id')} ${answer.status}${refusal}`;
      finalAnswers.set(kind, (finalAnswers.get(kind) ?? 0) + 1);
      return answer;
    }
    await api?.ready.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${method} ${url} got no answer within two minutes`);
}

const post = (who: SignedInPerson, url: string, body: object) =>
  untilAnswered('POST', url, { cookie: who.cookie, key: randomUUID(), body: JSON.stringify(body) });

const webhookSecret = deriveSandboxWebhookSecret(JWT_SECRET);
const outcomes = { booked: 0, paid: 0, failed: 0, cancelled: 0, signUps: 0 };

/** One person's journey: sometimes a sign-up first, then a hold, its payment (or a failed one), and perhaps a cancel. */
async function journey(mentee: SignedInPerson, mentors: string[], at: (d: number, h: number) => Date) {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  if (Math.random() < 0.3) {
    const signUp = await untilAnswered('POST', '/api/auth/', {
      body: JSON.stringify({
        name: 'Killtest',
        email: `signup-${randomUUID()}@example.org`,
        password: 'password123',
      }),
    });
    if (signUp.status === 201) outcomes.signUps += 1;
  }
  const slot = {
    mentorId: pick(mentors),
    startTime: at(pick([0, 1, 2, 3, 4, 7, 8, 9]), pick([10, 11, 12, 13, 14, 15, 16])).toISOString(),
  };
  const held = await post(mentee, '/api/bookings', slot);
  if (held.status !== 201) return;
  outcomes.booked += 1;
  const bookingId = (held.body as { booking: { id: string } }).booking.id;
  const payment = await post(mentee, '/api/payments/create', { bookingId });
  if (payment.status !== 200) return;
  const paymentId = (payment.body as { paymentId: string }).paymentId;
  const succeeds = Math.random() < 0.85;
  const event = signSandboxEvent(webhookSecret, {
    kind: succeeds ? 'payment_succeeded' : 'payment_failed',
    paymentId,
    amount: PRICE_PAISE,
    currency: 'INR',
  });
  const delivered = await untilAnswered('POST', '/api/payments/webhook/sandbox', {
    body: event.body,
    headers: event.headers,
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  if (!succeeds) {
    outcomes.failed += 1;
    return;
  }
  outcomes.paid += 1;
  if (Math.random() < 0.5) {
    const cancelled = await post(mentee, `/api/bookings/${bookingId}/cancel`, { reason: 'Plans changed.' });
    if (cancelled.status === 200) outcomes.cancelled += 1;
  }
}

describe('killing the api mid-request', () => {
  it(`leaves no booking or payment half done after ${KILLS} kill -9s during bookings, payments and cancels`, async () => {
    const { at } = weekAhead();
    const mentors: string[] = [];
    for (let i = 0; i < 8; i += 1)
      mentors.push(
        await createMentor(db, {
          availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
        }),
      );
    const mentees: SignedInPerson[] = [];
    for (let i = 0; i < 40; i += 1)
      mentees.push(
        await signedInAs(
          db,
          JWT_SECRET,
          await createUser(db, { email: `mentee-${randomUUID()}@example.org` }),
        ),
      );

    api = startApi();
    await api.ready;

    let stopping = false;
    let next = 0;
    const workers = Array.from({ length: WORKERS }, async () => {
      // Each person books a few times at most: the booking route allows 10 a user per 10 minutes.
      while (!stopping && next < mentees.length * 4) {
        const mentee = mentees[next % mentees.length] as SignedInPerson;
        next += 1;
        await journey(mentee, mentors, at);
      }
    });

    for (let k = 0; k < KILLS; k += 1) {
      await new Promise((resolve) => setTimeout(resolve, 700 + Math.random() * 1300));
      // A random moment with requests under way, so the kill lands mid-request.
      await waitFor(async () => (counts.inFlight > 0 ? true : undefined), 'a request in flight', 10_000, 5);
      await kill(api);
      api = startApi();
      await api.ready;
    }
    // Some whole journeys on the last process too, however slow the machine.
    const paidBefore = outcomes.paid;
    await waitFor(
      async () => (outcomes.paid >= paidBefore + 3 ? true : undefined),
      'payments after the last restart',
      30_000,
      50,
    );
    stopping = true;
    await Promise.all(workers);

    console.info(
      `kill audit: ${JSON.stringify({ ...outcomes, ...counts, answers: Object.fromEntries(finalAnswers) })}`,
    );
    expect(counts.unanswered).toBeGreaterThanOrEqual(KILLS);
    expect(outcomes.paid).toBeGreaterThan(0);

    // Let what the last process queued settle, then the audit must be clean (and stay so: it is read twice).
    let audit: BookingAudit | undefined;
    await waitFor(
      async () => {
        audit = await auditBookings(db);
        return JSON.stringify(audit) === JSON.stringify(CLEAN_AUDIT) ? true : undefined;
      },
      'a clean audit',
      15_000,
      250,
    ).catch(() => undefined);
    expect(audit).toEqual(CLEAN_AUDIT);
    expect(await auditBookings(db)).toEqual(CLEAN_AUDIT);
  }, 300_000);
});
