// The server process of the payments benchmark: the real api (buildApp) on an embedded PostgreSQL in a throwaway
// folder, with everyone the measures need written straight into the tables and signed in the way the integration
// tests sign people in (a session row and its access token, no password hashing):
//   - the confirmations: BENCH_PAYMENTS_MENTORS mentors (weekdays 10..16 UTC) and BENCH_PAYMENTS_BOOKINGS mentees,
//     one booking each, so no mentee ever reaches a limit on holds or booking requests;
//   - the race (BENCH_PAYMENTS_RACERS, none when 0): one mentor and that many users.
// The file only imports what the product had before the ledger too (bench/product-app.ts, bench/seeding.ts, the sandbox's
// webhook secret, the test's createMentor), so the bench copies it (and seeding.ts) into a worktree of that commit and runs it
// there unchanged. Writes the seed (url, database, the sandbox's webhook secret, cookies) to
// BENCH_PAYMENTS_SEED_FILE, then prints `ready`; Ctrl-C (or SIGTERM) stops it and cleans up.
import { writeFileSync } from 'node:fs';
import { deriveSandboxWebhookSecret } from '../../apps/api/src/adapters/payments/sandbox';
import { createMentor } from '../../apps/api/test/mentors';
import { runBenchServer, startBenchProduct, type BenchProduct } from '../product-app';
import { cookiesOf, newUsers, WEEKDAYS_TEN_TO_FIVE, weekdayMentors } from '../seeding';

const BOOKINGS = Number(process.env.BENCH_PAYMENTS_BOOKINGS ?? 600);
const MENTORS = Number(process.env.BENCH_PAYMENTS_MENTORS ?? 50);
const RACERS = Number(process.env.BENCH_PAYMENTS_RACERS ?? 0);
const PRICE_PAISE = 150_000;
const SEED_FILE = process.env.BENCH_PAYMENTS_SEED_FILE;

let product: BenchProduct | undefined;

async function start(): Promise<void> {
  if (SEED_FILE === undefined) throw new Error('BENCH_PAYMENTS_SEED_FILE is not set');
  product = await startBenchProduct('payments', { env: { SIGN_UP_LIMIT_PER_HOUR: '1000000' } });
  const { db } = product.app;
  const seedStartedAt = performance.now();
  const availability = { timezone: 'UTC', weeklyHours: WEEKDAYS_TEN_TO_FIVE, pricePaise: PRICE_PAISE };

  const mentorIds = await weekdayMentors(db, {
    name: 'Paid Mentor',
    count: MENTORS,
    pricePaise: PRICE_PAISE,
  });
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
