// `npm run bench -- bookings`: POST /api/bookings and the slots a visitor reads, in the real product (bench/bookings/server.ts):
//   - the race: 500 signed-in users ask for one slot of one mentor at once; exactly one may win, the rest get 409,
//     nobody a 5xx, and no two live bookings may overlap afterwards (the audit query);
//   - throughput: bookings that all succeed (each for a free slot of a mentor, by a mentee free then), against a
//     bare Fastify route that reads the same request and inserts one row (bench/bookings/bare.mjs), side by side;
//   - the 60-day slots of a mentor with 1,000 bookings, against a bare route sending the same bytes.
// Nothing here passes or fails on a time: the counts are what must hold, the rates are recorded.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  THROUGH_THE_FRAMEWORK,
  compareLoad,
  machine,
  median,
  recordResult,
  startProcess,
  stopProcess,
} from '../lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_BOOKINGS_CONNECTIONS ?? 50);
// Issue 30: the 60-day slots of a busy mentor at half a bare route or more, and booking at 0.3 of a bare insert.
const SLOTS_RATIO_TARGET = 0.5;
const BOOKING_RATIO_TARGET = 0.3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Pairs of live bookings that overlap for one mentor or one mentee: must always be none (bookings.int.test.ts runs the same). */
const OVERLAP_AUDIT = `
  select count(*)::int as pairs from bookings a join bookings b
    on a.id < b.id and (a.mentor_id = b.mentor_id or a.mentee_id = b.mentee_id)
   and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)
  where a.status in ('pending_payment', 'confirmed') and b.status in ('pending_payment', 'confirmed')`;

async function overlappingLiveBookings(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(OVERLAP_AUDIT)).rows[0].pairs;
  } finally {
    await client.end();
  }
}

/** The free slot starts of a mentor from now to the 180-day horizon, read from the product in 60-day windows. */
async function slotStarts(url, mentorId) {
  const starts = [];
  const now = Date.now();
  for (const [from, to] of [
    [now, now + 60 * DAY_MS],
    [now + 60 * DAY_MS, now + 120 * DAY_MS],
    [now + 120 * DAY_MS, now + 179 * DAY_MS],
  ]) {
    const answer = await fetch(
      `${url}/api/mentors/availability/${mentorId}/slots?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
    );
    if (!answer.ok) throw new Error(`slots of ${mentorId}: ${answer.status} ${await answer.text()}`);
    starts.push(...(await answer.json()).slots.map((slot) => slot.startTime));
  }
  return [...new Set(starts)];
}

/** POST with a JSON body on a connection of its own; answers the status. */
function post(url, body, cookie, agent) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Also run by the payments bench, with the ledger in place. */
export async function race(seed) {
  const [slot] = await slotStarts(seed.url, seed.race.mentorId);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const body = { mentorId: seed.race.mentorId, startTime: slot };
  const startedAt = performance.now();
  const statuses = await Promise.all(
    seed.race.cookies.map((cookie) =>
      post(`${seed.url}/api/bookings`, body, cookie, agent).catch(
        (error) => `error: ${error.code ?? error.message}`,
      ),
    ),
  );
  const wallMs = performance.now() - startedAt;
  agent.destroy();
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  const overlaps = await overlappingLiveBookings(seed.databaseUrl);
  const serverErrors = statuses.filter((status) => typeof status !== 'number' || status >= 500).length;
  console.log(
    `race: ${statuses.length} requests for ${slot} in ${Math.round(wallMs)} ms → ${JSON.stringify(counts)}; overlapping live bookings: ${overlaps}`,
  );
  return { slot, requests: statuses.length, counts, wallMs, overlaps, serverErrors };
}

/**
 * One autocannon run of POSTs, each built by `next()` as the previous answer on its connection arrives.
 * Autocannon clears a connection's context after each request of a one-request list, so the requests are
 * numbered by one counter over all connections instead.
 */
function loadPosts(url, next, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const { body, cookie } = next();
              return {
                ...request,
                body: JSON.stringify(body),
                headers: { 'content-type': 'application/json', cookie },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Request k goes to load mentor k mod 50, for that mentor's slot k div 50, by one of that mentor's own mentees
 * in turn: every request is for a free slot by someone free then. The bare route gets the same mentors and
 * cookies, with hours one after another from a year ahead (its copy of the table has the same exclusions).
 */
async function throughput(seed) {
  const { mentorIds, menteeCookies } = seed.throughput;
  const slots = await slotStarts(seed.url, mentorIds[0]);
  const bare = await startProcess(process.execPath, ['bench/bookings/bare.mjs'], {
    env: { DATABASE_URL: seed.databaseUrl },
    ready: (line) => line.match(/^listening (\d+)/)?.[1],
  });
  const floor = await startProcess(process.execPath, ['bench/bookings/floor.mjs'], {
    env: { DATABASE_URL: seed.databaseUrl },
    ready: (line) => line.match(/^listening (\d+)/)?.[1],
  });
  const counters = { product: 0, bare: 0, floor: 0 };
  const bareFrom = Math.ceil(Date.now() / DAY_MS) * DAY_MS + 365 * DAY_MS;
  const floorFrom = bareFrom + 365 * DAY_MS;
  const requestOf = (k, startTime) => {
    const mentor = k % mentorIds.length;
    const turn = Math.floor(k / mentorIds.length);
    return {
      body: { mentorId: mentorIds[mentor], startTime: startTime(turn) },
      cookie: menteeCookies[mentor][turn % menteeCookies[mentor].length],
    };
  };
  const targets = {
    bare: {
      url: `http://127.0.0.1:${bare.value}/bookings`,
      next: () => requestOf(counters.bare++, (turn) => new Date(bareFrom + turn * HOUR_MS).toISOString()),
    },
    // The same mentors, with the race's users as mentees (free but for the race's one winner), so the product's
    // own mentees' hold limits never count the floor's holds; the floor's hours lie a year past the bare route's.
    floor: {
      url: `http://127.0.0.1:${floor.value}/bookings`,
      next: () => {
        const k = counters.floor++;
        const made = requestOf(k, (turn) => new Date(floorFrom + turn * HOUR_MS).toISOString());
        return { ...made, cookie: seed.race.cookies[k % seed.race.cookies.length] };
      },
    },
    product: {
      url: `${seed.url}/api/bookings`,
      next: () =>
        requestOf(counters.product++, (turn) => {
          if (turn >= slots.length)
            throw new Error(`the load mentors have no free slot left after ${slots.length} each`);
          // A mentee holds one unpaid session per mentor: each books once (raise BENCH_BOOKINGS_MENTEES).
          if (turn >= menteeCookies[0].length)
            throw new Error(`the load mentors' ${menteeCookies[0].length} mentees have each booked once`);
          return slots[turn];
        }),
    },
  };
  const rates = { bare: [], floor: [], product: [] };
  const p99 = { bare: [], floor: [], product: [] };
  const answered = { bare: 0, floor: 0, product: 0 };
  try {
    for (const [name, target] of Object.entries(targets)) {
      const warm = await loadPosts(target.url, target.next, 2);
      if (warm.non2xx > 0 || warm.errors > 0)
        throw new Error(`${name} warm-up: ${JSON.stringify(warm.statusCodeStats)}, ${warm.errors} errors`);
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, target] of Object.entries(targets)) {
        const result = await loadPosts(target.url, target.next, SECONDS);
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${name}: ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors`);
        rates[name].push(result.requests.average);
        p99[name].push(result.latency.p99);
        answered[name] += result['2xx'];
        console.log(
          `round ${round} ${name}: ${Math.round(result.requests.average)} bookings/s, p99 ${result.latency.p99} ms`,
        );
      }
    }
  } finally {
    await stopProcess(bare.child);
    await stopProcess(floor.child);
  }
  const overlaps = await overlappingLiveBookings(seed.databaseUrl);
  return { rates, p99, answered, made: counters.product, overlaps, slotsPerMentor: slots.length };
}

const QUERY_CLIENTS = 10;
const QUERY_SECONDS = 3;

/**
 * Before a slots load: the busy-times query under EXPLAIN (ANALYZE, BUFFERS); the route's two queries alone, one
 * after the other as the route sends them, from as many clients as the app's pool has (pairs per second: what
 * the database can answer without HTTP); and how many bookings the table holds, live and in all.
 */
async function inspectDatabase(databaseUrl, [ownerQuery, busyQuery]) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: QUERY_CLIENTS });
  try {
    const plan = (await pool.query(`explain (analyze, buffers) ${busyQuery.query}`, busyQuery.params)).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    const [counts] = (
      await pool.query(
        `select count(*)::int as total, (count(*) filter (where status in ('pending_payment', 'confirmed')))::int as live from bookings`,
      )
    ).rows;
    let pairs = 0;
    const startedAt = performance.now();
    const endAt = startedAt + QUERY_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: QUERY_CLIENTS }, async () => {
        while (performance.now() < endAt) {
          await pool.query(ownerQuery.query, ownerQuery.params);
          await pool.query(busyQuery.query, busyQuery.params);
          pairs += 1;
        }
      }),
    );
    return { plan, ...counts, queryPairsPerSecond: pairs / ((performance.now() - startedAt) / 1000) };
  } finally {
    await pool.end();
  }
}

async function slotsLoad(seed) {
  const { mentorId, from, to } = seed.slots;
  const table = await inspectDatabase(seed.databaseUrl, seed.slots.queries);
  const slotsUrl = `${seed.url}/api/mentors/availability/${mentorId}/slots?from=${from}&to=${to}`;
  const answer = await fetch(slotsUrl);
  if (!answer.ok) throw new Error(`${slotsUrl}: ${answer.status} ${await answer.text()}`);
  const body = await answer.text();
  const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-json-'));
  const file = path.join(folder, 'slots.json');
  writeFileSync(file, body);
  const bare = await startProcess(process.execPath, ['bench/servers/bare.mjs'], {
    env: { BARE_JSON_FILE: file },
    ready: (line) => line.match(/^listening (\d+)/)?.[1],
  });
  try {
    const { rates, p99 } = await compareLoad(
      {
        bare: `http://127.0.0.1:${bare.value}/json`,
        health: `${seed.url}/api/health`,
        slots: slotsUrl,
        framework: { url: slotsUrl, headers: THROUGH_THE_FRAMEWORK },
      },
      { rounds: ROUNDS, seconds: SECONDS },
    );
    return {
      path: new URL(slotsUrl).pathname,
      bytes: Buffer.byteLength(body),
      slots: JSON.parse(body).slots.length,
      rates,
      p99,
      table,
    };
  } finally {
    await stopProcess(bare.child);
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function bookingsBench() {
  const loadAtStart = loadavg()[0];
  const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-bookings-'));
  const seedFile = path.join(folder, 'seed.json');
  let raced;
  let made;
  let slotsFirst;
  let slots;
  let seed;
  try {
    // BENCH_CPU_PROF=folder: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    const profile = process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
    const server = await startProcess(
      process.execPath,
      [...profile, '--import', 'tsx', 'bench/bookings/server.ts'],
      {
        env: { BENCH_BOOKINGS_SEED_FILE: seedFile, BENCH_BOOKINGS_CONNECTIONS: String(CONNECTIONS) },
        timeoutMs: 300_000,
        ready: (line) => (line === 'ready' ? true : undefined),
      },
    );
    try {
      seed = JSON.parse(readFileSync(seedFile, 'utf8'));
      // The slots first while the table holds little beyond the busy mentor's 1,000 bookings, then again once the
      // race and the throughput have added thousands of other mentors' live holds, as a busy day would.
      slotsFirst = await slotsLoad(seed);
      raced = await race(seed);
      made = await throughput(seed);
      slots = await slotsLoad(seed);
    } finally {
      await stopProcess(server.child);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const loadAtEnd = loadavg()[0];

  const won = raced.counts[201] ?? 0;
  const refused = raced.counts[409] ?? 0;
  const raceHeld =
    won === 1 && refused === raced.requests - 1 && raced.serverErrors === 0 && raced.overlaps === 0;
  const bareRate = median(made.rates.bare);
  const bookingRate = median(made.rates.product);
  const bookingRatio = bookingRate / bareRate;
  const floorRate = median(made.rates.floor);
  const slotsRatioOf = (run) => median(run.rates.slots) / median(run.rates.bare);
  const slotsRatio = Math.min(slotsRatioOf(slotsFirst), slotsRatioOf(slots));
  const slotsRow = (label, run) =>
    `| ${label} | ${run.table.total} (${run.table.live} live) | ${Math.round(median(run.rates.bare))} req/s, p99 ${median(run.p99.bare)} ms | ${Math.round(median(run.rates.health))} req/s | ${Math.round(median(run.rates.slots))} req/s, p99 ${median(run.p99.slots)} ms | **${slotsRatioOf(run).toFixed(2)}** | ${Math.round(median(run.rates.framework))} req/s (${(median(run.rates.framework) / median(run.rates.bare)).toFixed(2)}) | ${Math.round(run.table.queryPairsPerSecond)}/s |`;
  const statuses = Object.entries(seed.slots.bookings)
    .map(([what, count]) => `${count} ${what.replace('_', ' ')}`)
    .join(', ');
  console.log(
    `\nrace: ${JSON.stringify(raced.counts)} in ${Math.round(raced.wallMs)} ms, ${raced.overlaps} overlaps (${raceHeld ? 'held' : 'BROKEN'}); bookings: ${Math.round(bookingRate)}/s vs bare ${Math.round(bareRate)}/s, ratio ${bookingRatio.toFixed(2)} (target ≥ ${BOOKING_RATIO_TARGET}: ${bookingRatio >= BOOKING_RATIO_TARGET ? 'met' : 'NOT met'}), the same statements bare ${Math.round(floorRate)}/s (${(floorRate / bareRate).toFixed(2)} of the bare insert; the product ${(bookingRate / floorRate).toFixed(2)} of them); slots / bare: ${slotsRatioOf(slotsFirst).toFixed(2)} on a quiet table, ${slotsRatioOf(slots).toFixed(2)} after the load (target ≥ ${SLOTS_RATIO_TARGET})`,
  );
  recordResult(
    'bookings',
    `## Bookings: the race for one slot, booking throughput, and the slots of a busy mentor

${machine()}; load average ${loadAtStart.toFixed(2)} when the run started, ${loadAtEnd.toFixed(2)} when it ended (the machine is shared: compare
the ratios, measured side by side in one run, not the absolute rates). The real product on an embedded PostgreSQL, everyone written
straight into the tables and signed in as the integration tests do (a session row and its access cookie), in ${(seed.seedMs / 1000).toFixed(1)} s.

**The race.** ${raced.requests} signed-in users send \`POST /api/bookings\` for the same slot of one mentor (${raced.slot}) at once,
each on a connection of its own:

| answer | count |
|---|---|
${Object.entries(raced.counts)
  .map(([status, count]) => `| ${status} | ${count} |`)
  .join('\n')}

Exactly one 201: **${won === 1 ? 'yes' : 'no'}**; 5xx or failed connections: **${raced.serverErrors}**; pairs of overlapping live bookings
afterwards (the audit query, a self-join of \`bookings\` on mentor or mentee and \`tstzrange\` overlap among live statuses): **${raced.overlaps}**.
The whole burst, from the first request sent to the last answer: **${Math.round(raced.wallMs)} ms**.

**Booking throughput.** ${CONNECTIONS} connections, each request for a free slot (load mentor k mod ${CONNECTIONS}, its slot k div ${CONNECTIONS}, by one of
that mentor's own ${seed.throughput.menteeCookies[0].length} mentees in turn), so every request succeeds: ${made.made} bookings made, all 201, and ${made.overlaps} overlapping live
pairs afterwards. The bare route (\`bench/bookings/bare.mjs\`) reads the same request and cookie (the token's subject, unchecked) and
sends one \`INSERT … RETURNING\` to a copy of \`bookings\` (same columns, checks and indexes, the exclusion constraints among them) on the
same PostgreSQL, 10 connections in its pool as the app has. The product also checks the session, the mentor and the schedule, reads
both people's busy times, takes their advisory locks, expires lapsed holds, inserts and reads the booking back with both names (a
sweep expires lapsed holds every minute, decision 072: no job per hold). Between them, the floor (\`bench/bookings/floor.mjs\`, decisions 069 and 072): a bare Fastify route that sends those same seven
statements one after the other and does nothing else (no token check, no rules, no time zones, no plugins), for the same mentors with the
race's users as mentees, a year past the bare route's hours. ${ROUNDS} alternating rounds of ${SECONDS} s after a 2 s warm-up each, medians.

| server | bookings/s | p99 latency | ratio to the bare insert |
|---|---|---|---|
| bare Fastify, one insert | ${Math.round(bareRate)} | ${median(made.p99.bare)} ms | 1 |
| bare Fastify, a hold's seven statements (the floor) | ${Math.round(floorRate)} | ${median(made.p99.floor)} ms | ${(floorRate / bareRate).toFixed(2)} |
| Skillroute \`POST /api/bookings\` | ${Math.round(bookingRate)} | ${median(made.p99.product)} ms | **${bookingRatio.toFixed(2)}** |

Ratio product / bare: **${bookingRatio.toFixed(2)}** (target ≥ ${BOOKING_RATIO_TARGET}: ${bookingRatio >= BOOKING_RATIO_TARGET ? 'met' : 'not met'}); the floor / bare: ${(floorRate / bareRate).toFixed(2)}, so
no code that sends a hold's statements could reach the target on this machine; the product / the floor: **${(bookingRate / floorRate).toFixed(2)}** (the product's own work above its statements).

**The slots of a busy mentor.** \`GET ${slots.path}\` for 60 days, of a mentor (weekdays 10..16 UTC) with ${Object.values(seed.slots.bookings).reduce((a, b) => a + b, 0)} bookings
inserted in SQL on distinct hours from 90 days back (${statuses}); ${slots.slots} free slots, ${(slots.bytes / 1000).toFixed(1)} kB of JSON.
The bare route sends the same bytes from memory; the product's \`/api/health\` (its HTTP stack and a shared \`SELECT 1\`) is loaded beside them as
the product's own floor. 50 connections, ${ROUNDS} alternating rounds of ${SECONDS} s, medians. Measured twice: first, with the table holding the busy
mentor's bookings and little else; then after the race and the throughput above left the other mentors' live holds in it. Before each load, the
route's two queries (the mentor with the availability, then the busy times) were sent alone, in turn, from ${QUERY_CLIENTS} clients for ${QUERY_SECONDS} s: the last
column, in pairs per second. \`freeSlots\` over this mentor's week and its ${seed.slots.busyIntervals} busy intervals in the window, called alone in the server
process before any load: **${Math.round(seed.slots.freeSlotsMicros)} µs** per call. The load is anonymous, as a profile's visitor is: after the
first request the product sends its kept answer again before the framework sees the request (the answer replay, decision 080); the
same URL with a cookie the app reads nothing from goes through the framework each time (its column, and its ratio to the bare route).

| when | bookings in the table | bare Fastify, same JSON | Skillroute \`/api/health\` | Skillroute slots, 60 days | ratio slots / bare | slots through the framework (a cookie) | the route's two queries alone |
|---|---|---|---|---|---|---|---|
${slotsRow('first', slotsFirst)}
${slotsRow('after the load', slots)}

Target ≥ ${SLOTS_RATIO_TARGET}: ${slotsRatio >= SLOTS_RATIO_TARGET ? 'met in both' : 'not met'}.

The route's one bookings query (the repository's \`busyIntervalsOf\`, as Drizzle sends it) under \`EXPLAIN (ANALYZE, BUFFERS)\`, just before each load. First:

\`\`\`
${slotsFirst.table.plan}
\`\`\`

After the load:

\`\`\`
${slots.table.plan}
\`\`\``,
  );
}
