// The server process of the payments benchmark: the real api (buildApp) on an embedded PostgreSQL in a throwaway
// folder, with everyone the measures need written straight into the tables and signed in the way the integration
// tests sign people in (a session row and its access token, no password hashing):
//   - the confirmations: BENCH_PAYMENTS_MENTORS mentors (weekdays 10..16 UTC) and BENCH_PAYMENTS_BOOKINGS mentees,
//     one booking each, so no mentee ever reaches a limit on holds or booking requests;
//   - the race (BENCH_PAYMENTS_RACERS, none when 0): one mentor and that many users.
// The file only imports what the product had before the ledger too (bench/product-app.ts, sessions, the sandbox's
// webhook secret, the test's createMentor), so the bench copies it into a worktree of that commit and runs it
// there unchanged. Writes the seed (url, database, the sandbox's webhook secret, cookies) to
// BENCH_PAYMENTS_SEED_FILE, then prints `ready`; Ctrl-C (or SIGTERM) stops it and cleans up.
import { writeFileSync } from 'node:fs';
import type { Database } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { deriveSandboxWebhookSecret } from '../../apps/api/src/adapters/payments/sandbox';
import { openSession } from '../../apps/api/src/sessions/service';
import { createMentor } from '../../apps/api/test/mentors';
import { runBenchServer, startBenchProduct, type BenchProduct } from '../product-app';

const BOOKINGS = Number(process.env.BENCH_PAYMENTS_BOOKINGS ?? 600);
const MENTORS = Number(process.env.BENCH_PAYMENTS_MENTORS ?? 50);
const RACERS = Number(process.env.BENCH_PAYMENTS_RACERS ?? 0);
const PRICE_PAISE = 150_000;
const SEED_FILE = process.env.BENCH_PAYMENTS_SEED_FILE;

const TEN_TO_FIVE = [10, 11, 12, 13, 14, 15, 16];
const WEEK = {
  monday: TEN_TO_FIVE,
  tuesday: TEN_TO_FIVE,
  wednesday: TEN_TO_FIVE,
  thursday: TEN_TO_FIVE,
  friday: TEN_TO_FIVE,
};

let product: BenchProduct | undefined;

/** `count` verified users in one insert; answers their ids in order. */
async function newUsers(db: Database, tag: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `${tag} ${index + 1}`,
        email: `${tag}-${index + 1}@bench.skillroute.test`,
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** A batch of sessions at a time: all at once would queue past the pool's connect timeout on a busy machine. */
const SESSION_BATCH = 10;

async function cookiesOf(bench: BenchProduct, userIds: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < userIds.length; start += SESSION_BATCH) {
    const batch = userIds.slice(start, start + SESSION_BATCH).map(async (id) => {
      const tokens = await openSession(
        bench.app.db,
        bench.config.jwtSecret,
        { sub: id, email: `${id}@bench.skillroute.test`, role: 'user' },
        { userAgent: 'bench', ip: '127.0.0.1' },
        new Date(),
      );
      return `accessToken=${tokens.accessToken}`;
    });
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

async function start(): Promise<void> {
  if (SEED_FILE === undefined) throw new Error('BENCH_PAYMENTS_SEED_FILE is not set');
  product = await startBenchProduct('payments', { env: { SIGN_UP_LIMIT_PER_HOUR: '1000000' } });
  const { db } = product.app;
  const seedStartedAt = performance.now();
  const availability = { timezone: 'UTC', weeklyHours: WEEK, pricePaise: PRICE_PAISE };

  const mentorIds: string[] = [];
  for (let index = 0; index < MENTORS; index += 1)
    mentorIds.push(await createMentor(db, { name: `Paid Mentor ${index + 1}`, availability }));
  const menteeIds = await newUsers(db, 'payer', BOOKINGS);
  const menteeCookies = await cookiesOf(product, menteeIds);

  const raceMentorId = RACERS > 0 ? await createMentor(db, { name: 'Race Mentor', availability }) : null;
  const racerIds = await newUsers(db, 'racer', RACERS);
  const racerCookies = await cookiesOf(product, racerIds);

  writeFileSync(
    SEED_FILE,
    JSON.stringify({
      url: product.config.publicUrl,
      databaseUrl: product.databaseUrl,
      webhookSecret: deriveSandboxWebhookSecret(product.config.jwtSecret),
      pricePaise: PRICE_PAISE,
      seedMs: Math.round(performance.now() - seedStartedAt),
      mentorIds,
      mentees: menteeIds.map((id, index) => ({ id, cookie: menteeCookies[index] })),
      race:
        raceMentorId === null
          ? null
          : {
              mentorId: raceMentorId,
              racers: racerIds.map((id, index) => ({ id, cookie: racerCookies[index] })),
            },
    }),
  );
  console.log('ready');
}

runBenchServer(start, () => product);
