// The server process of the marketplace benchmark: the real api (buildApp) on an embedded PostgreSQL in a throwaway
// folder, with everyone the visits need written straight into the tables and signed in the way the integration
// tests sign people in (a session row and its access token, no password hashing):
//   - BENCH_MARKETPLACE_MENTORS mentors with weekly hours (weekdays 10..16 UTC), all in the listing;
//   - BENCH_MARKETPLACE_MENTEES mentees, one for each visit that books: a fresh mentee per hold keeps every hold
//     within the marketplace's limits (one unpaid hold with a mentor, three at once, three lapsed a day, ten
//     booking requests in ten minutes), which stay as the product has them.
// Writes the seed (url, database, the sandbox's webhook secret, mentor ids, cookies in the order they were signed)
// to BENCH_MARKETPLACE_SEED_FILE, loads pg_stat_statements into its PostgreSQL for the bench to read, prints `ready`, then `memory {json}` (process.memoryUsage) every second, so the bench
// can follow the heap beside the RSS it reads from /proc, with the statements sent to PostgreSQL so far (every
// pg client's query counted, the job queue's too), the event loop's longest delay in that second, and the heap after
// the last full collection. Ctrl-C (or SIGTERM) stops it and cleans up.
import { writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import { deriveSandboxWebhookSecret } from '../../apps/api/src/adapters/payments/sandbox';
import { runBenchServer, startBenchProduct, type BenchProduct } from '../product-app';
import { cookiesOf, newUsers, weekdayMentors } from '../seeding';

const MENTORS = Number(process.env.BENCH_MARKETPLACE_MENTORS ?? 200);
const MENTEES = Number(process.env.BENCH_MARKETPLACE_MENTEES ?? 1000);
const PRICE_PAISE = 150_000;
const SEED_FILE = process.env.BENCH_MARKETPLACE_SEED_FILE;
/** Users per insert: three parameters a row stay well under PostgreSQL's 65,535 per statement. */
const USERS_PER_INSERT = 5000;
const MEMORY_EVERY_MS = 1000;

let product: BenchProduct | undefined;

let queries = 0;
const clientQuery = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function counted(
  this: pg.Client,
  ...args: unknown[]
) {
  queries += 1;
  return (clientQuery as (...args: unknown[]) => unknown).apply(this, args);
};

async function start(): Promise<void> {
  if (SEED_FILE === undefined) throw new Error('BENCH_MARKETPLACE_SEED_FILE is not set');
  // What each statement costs PostgreSQL, waits for locks included: the bench reads it over the main phase.
  product = await startBenchProduct('marketplace', {
    postgresSettings: { shared_preload_libraries: 'pg_stat_statements' },
  });
  const { db } = product.app;
  await product.app.pool.query('create extension if not exists pg_stat_statements');
  const seedStartedAt = performance.now();

  const mentorIds = await weekdayMentors(db, {
    name: 'Market Mentor',
    count: MENTORS,
    pricePaise: PRICE_PAISE,
  });
  const menteeIds: string[] = [];
  for (let first = 0; first < MENTEES; first += USERS_PER_INSERT)
    menteeIds.push(
      ...(await newUsers(
        db,
        `visitor-${first / USERS_PER_INSERT + 1}`,
        Math.min(USERS_PER_INSERT, MENTEES - first),
      )),
    );
  const usersMs = performance.now() - seedStartedAt;
  const cookies = await cookiesOf(product, menteeIds);

  writeFileSync(
    SEED_FILE,
    JSON.stringify({
      url: product.config.publicUrl,
      databaseUrl: product.databaseUrl,
      webhookSecret: deriveSandboxWebhookSecret(product.config.jwtSecret),
      pricePaise: PRICE_PAISE,
      usersMs: Math.round(usersMs),
      seedMs: Math.round(performance.now() - seedStartedAt),
      mentorIds,
      cookies,
    }),
  );
  console.log('ready');
  // The longest the event loop was late in each report's second: a stall shows here before the queue it leaves.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // The heap just after each full collection (mark-sweep-compact), which only what is still referenced survives: the
  // heap's floor between reports climbs for tens of seconds between full collections, however steady the live heap.
  let heapAfterFullGc: number | undefined;
  let fullGcs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        fullGcs += 1;
        heapAfterFullGc = process.memoryUsage().heapUsed;
      }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    console.log(
      `memory ${JSON.stringify({ ...process.memoryUsage(), queries, loopDelayMaxMs: loopDelay.max / 1e6, heapAfterFullGc, fullGcs })}`,
    );
    loopDelay.reset();
  }, MEMORY_EVERY_MS).unref();
}

runBenchServer(start, () => product);
