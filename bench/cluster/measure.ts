// `npm run bench -- cluster`: the api behind nginx with 1, 2 and 4 replicas (scripts/cluster-lib.mjs) on this
// machine's PostgreSQL and Redis: requests/s of a cached read and of booking creation. Not a test: the rates
// are recorded, nothing passes or fails on them. Then notification fan-out over two replicas (fanout.ts).
// Run by bench/run.mjs in a tsx child.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { startCluster } from '../../scripts/cluster-lib.mjs';
import { ms } from '../sockets/stats.mjs';
import { fanoutAcrossReplicas } from './fanout';
import { createDatabase, createPool } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { signedInAs } from '../../apps/api/test/accounts';
import { weekAhead } from '../../apps/api/test/bookings';
import {
  quoteIdentifier,
  runOnServer,
  uniqueDatabaseName,
  withDatabase,
} from '../../apps/api/test/database-server';
import { createMentor } from '../../apps/api/test/mentors';
import { load, machine, recordResult } from '../lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PAIRS = 50;
const postgresUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const jwtSecret = randomBytes(32).toString('hex');
const HOURS = [10, 11, 12, 13, 14, 15, 16];
const weekdays = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, HOURS]),
);

/** Bookings that all succeed: mentee j books mentor j at each of the 35 weekday hours in turn, over `seconds`. */
async function bookingRate(
  url: string,
  databaseUrl: string,
  seconds: number,
): Promise<{ rate: number; created: number; failed: string }> {
  const pool = createPool(databaseUrl, { warn: () => undefined }, 4);
  const db = createDatabase(pool);
  const mentors: string[] = [];
  for (let i = 0; i < PAIRS; i += 1)
    mentors.push(await createMentor(db, { availability: { timezone: 'UTC', weeklyHours: weekdays } }));
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: PAIRS }, (_, i) => ({
        name: `Bench ${i}`,
        email: `bench-${i}-${randomBytes(4).toString('hex')}@example.org`,
        verifiedAt: new Date(),
      })),
    )
    .returning();
  const mentees: Array<{ cookie: string }> = [];
  for (const row of rows) mentees.push(await signedInAs(db, jwtSecret, row, new Date()));
  await pool.end();
  const { at } = weekAhead();
  const times = [0, 1, 2, 3, 4].flatMap((day) => HOURS.map((hour) => at(day, hour).toISOString()));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  let created = 0;
  let failed = 0;
  const statuses = new Map<number, number>();
  const deadline = Date.now() + seconds * 1000;
  const post = (k: number) =>
    new Promise<number>((resolve) => {
      const body = JSON.stringify({ mentorId: mentors[k % PAIRS], startTime: times[Math.floor(k / PAIRS)] });
      const req = http.request(
        `${url}/api/bookings`,
        {
          method: 'POST',
          agent,
          headers: {
            cookie: mentees[k % PAIRS]?.cookie ?? '',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline && next < PAIRS * times.length) {
        const status = await post(next++);
        if (status === 201) created += 1;
        else {
          failed += 1;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }
    }),
  );
  agent.destroy();
  return {
    rate: created / ((Date.now() - started) / 1000),
    created,
    failed:
      failed === 0
        ? '0'
        : `${failed} (${[...statuses].map(([status, count]) => `${count} × ${status === 0 ? 'no answer' : status}`).join(', ')})`,
  };
}

const results: Array<{
  replicas: number;
  read: number;
  readP99: number;
  book: number;
  created: number;
  failed: string;
}> = [];
const loadAtStart = loadavg()[0] ?? 0;
for (const replicas of [1, 2, 4]) {
  const name = uniqueDatabaseName('skillroute_bench_cluster');
  const databaseUrl = withDatabase(postgresUrl, name);
  await runOnServer(postgresUrl, `CREATE DATABASE ${quoteIdentifier(name)}`);
  const cluster = await startCluster({
    replicas,
    databaseUrl,
    redisUrl,
    env: {
      NODE_ENV: 'test',
      JWT_SECRET: jwtSecret,
      ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_MAX: '1000000000',
      LOG_LEVEL: 'warn',
      REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    },
  });
  try {
    const readUrl = `${cluster.url}/api/roadmap/published`;
    await load(readUrl, { durationSeconds: 2, connections: CONNECTIONS });
    const read = await load(readUrl, { durationSeconds: SECONDS, connections: CONNECTIONS });
    if (read.non2xx > 0 || read.errors > 0)
      throw new Error(`reads: ${read.non2xx} non-2xx, ${read.errors} errors`);
    const book = await bookingRate(cluster.url, databaseUrl, SECONDS);
    results.push({
      replicas,
      read: read.requests.average,
      readP99: read.latency.p99,
      book: book.rate,
      created: book.created,
      failed: book.failed,
    });
    console.log(
      `${replicas} replica(s): reads ${Math.round(read.requests.average)} req/s (p99 ${read.latency.p99} ms); bookings ${Math.round(book.rate)}/s (${book.created} created, ${book.failed} not)`,
    );
  } finally {
    await cluster.stop();
    await runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  }
}

const fanout = await fanoutAcrossReplicas(postgresUrl, redisUrl);
const triple = (summary: { p50: number; p95: number; p99: number }) =>
  `${ms(summary.p50)} / ${ms(summary.p95)} / ${ms(summary.p99)}`;
console.log(
  `fan-out: same replica p50/p95/p99 ${triple(fanout.local)}, across Redis ${triple(fanout.crossing)}; ${fanout.local.missing + fanout.crossing.missing} missing`,
);

recordResult(
  'cluster',
  `## Replicas behind nginx: a cached read and booking creation with 1, 2 and 4 api processes

${machine()}; load average ${loadAtStart.toFixed(2)} when the run started. \`npm run bench -- cluster\`: the cluster of
\`npm run cluster\` (nginx, least connections) on the machine's PostgreSQL and Redis, ${CONNECTIONS} connections for ${SECONDS} s each.
Reads: \`GET /api/roadmap/published\` (served from the roadmap cache) with autocannon. Bookings: \`POST /api/bookings\`, each
for a free slot by a free mentee, so every one succeeds (201); the count that did not is shown.

**Caveat: the machine has 2 cores, shared by nginx, PostgreSQL, Redis, the load generator and every replica.** More
replicas cannot add cores here; these numbers show the cost or the gain of spreading over processes on one small machine,
not how the product scales on machines of its own.

| replicas | reads/s | read p99 | bookings/s | bookings created | not created |
|---|---|---|---|---|---|
${results.map((r) => `| ${r.replicas} | ${Math.round(r.read)} | ${r.readP99} ms | ${Math.round(r.book)} | ${r.created} | ${r.failed} |`).join('\n')}

### Notification fan-out over two replicas

${fanout.connected} authenticated sockets (${fanout.refused} refused) split evenly over two api processes on the same
PostgreSQL and Redis: ${fanout.held[0]} on the replica that creates the notifications (the server process of
\`npm run bench -- sockets\`, joined to the shared database and Redis) and ${fanout.held[1]} on a second replica
(\`apps/api/src/server.ts\`, as \`npm run cluster\` runs it). Then one notification per user through
a unit of work's \`uow.notify\` (${Math.round(fanout.sendRate)}/s, one call after another), so half the deliveries stay in the
notifying process and half cross Redis (socket.io's Redis streams adapter). The clients connect to each replica's own
port: nginx hashes socket.io's clients by address, and these all share one. Latency runs from just before the call
to the client's receipt (clocks ${fanout.skewMs.toFixed(3)} ms apart, measured by round trips).

| sockets on | delivery p50 / p95 / p99 | max | delivered | emit alone (no rows) p50 / p95 / p99 |
|---|---|---|---|---|
| the notifying replica | ${triple(fanout.local)} | ${ms(fanout.local.max)} | ${fanout.local.count} (${fanout.local.missing} missing) | ${triple(fanout.emitLocal)} |
| the other replica (through Redis) | ${triple(fanout.crossing)} | ${ms(fanout.crossing.max)} | ${fanout.crossing.count} (${fanout.crossing.missing} missing) | ${triple(fanout.emitCrossing)} |

${fanout.duplicates} duplicates, ${fanout.foreign} events for another user; ${fanout.emitMissing} missing in the emit-only round.
The single-process figures are in the socket section above.`,
);
process.exit(0);
