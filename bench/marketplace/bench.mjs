// `npm run bench -- marketplace`: the marketplace's mixed load on one api process (bench/marketplace/server.ts),
// open loop: visits arrive at a fixed rate whatever the answers do, each a sequence of real HTTP requests over
// kept-alive connections, as a browser would send them:
//   - the listing (`GET /api/mentor/all?page=…&limit=12`, a random page), a mentor's profile picked from it
//     (`GET /api/mentor/details/:id`) and their free hours for the next 60 days (`GET …/availability/:id/slots`);
//   - BOOK_SHARE of the visits then hold one of those hours (`POST /api/bookings`; on a 409 "just taken", one more
//     try with another of them), PAY_SHARE of those pay in the sandbox (`POST /api/payments/create`, then the
//     sandbox's signed `payment_succeeded` webhook), and CANCEL_SHARE of those cancel (`POST /api/bookings/:id/cancel`).
// Ramp rates (BENCH_MARKETPLACE_RAMP, 30 s each) first, then BENCH_MARKETPLACE_RATE visits/s for
// BENCH_MARKETPLACE_SECONDS. Per request kind p50/p99, visits completed per second, every error by what it was,
// the api process's RSS (/proc) and heap (its own report) every 10 s, and the statements that took PostgreSQL the
// most time over the main phase, lock waits included (pg_stat_statements). Issue 30's target is checked and said.
import http from 'node:http';
import pg from 'pg';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { machine, median, recordResult, startProcess, stopProcess } from '../lib.mjs';
import { counted, cpuSeconds, request, signed, withDeadline } from '../payments/bench.mjs';

const SECONDS = Number(process.env.BENCH_MARKETPLACE_SECONDS ?? 300);
const RATE = Number(process.env.BENCH_MARKETPLACE_RATE ?? 100);
const RAMP = (process.env.BENCH_MARKETPLACE_RAMP ?? '40,70')
  .split(',')
  .filter((rate) => rate.trim() !== '')
  .map(Number);
const RAMP_SECONDS = Number(process.env.BENCH_MARKETPLACE_RAMP_SECONDS ?? 30);
const MENTORS = Number(process.env.BENCH_MARKETPLACE_MENTORS ?? 200);
// Issue 30: >= 100 visits a second, p99 under 1 s, no errors, memory flat.
const VISITS_TARGET = 100;
const P99_TARGET_MS = 1000;
/** Memory is flat when the last minute's heap after a full collection and RSS outside the heap are within this share of the first minute's. */
const FLAT_SHARE = 0.1;
const BOOK_SHARE = 0.6;
const PAY_SHARE = 0.9;
const CANCEL_SHARE = 0.7;
const PAGE_SIZE = 12;
const SLOT_DAYS = 60;
const BOOKING_TRIES = 2;
const CONNECTIONS = 512;
const TICK_MS = 5;
const SAMPLE_EVERY_MS = 10_000;
/** After a phase's last arrival, how long its visits still in flight may take before they count as unfinished. */
const DRAIN_MS = 120_000;
const SEED_TIMEOUT_MS = 900_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** bookingMessages.slotTaken (packages/shared/src/bookings.ts): the one 409 a visit expects, someone was faster. */
const SLOT_TAKEN = 'This slot was just taken. Please choose another time.';
const KINDS = ['listing', 'profile', 'free hours', 'book', 'pay', 'webhook', 'cancel'];

/** How many of the main phase's statements the results list, those that took PostgreSQL the most time. */
const COSTLIEST_STATEMENTS = 8;

/** A query on the api's database, on a connection of its own. */
async function onDatabase(databaseUrl, text, values) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Clears PostgreSQL's own count of its statements (pg_stat_statements, which the server loads). */
const clearStatementCosts = (databaseUrl) => onDatabase(databaseUrl, 'select pg_stat_statements_reset()');

/** The statements that took PostgreSQL the most time since the count was cleared, lock waits included. */
async function costliestStatements(databaseUrl) {
  const rows = await onDatabase(
    databaseUrl,
    `select query, calls, total_exec_time as total_ms, sum(total_exec_time) over () as all_ms
     from pg_stat_statements where query not like '%pg_stat_statements%'
     order by total_exec_time desc limit $1`,
    [COSTLIEST_STATEMENTS],
  );
  return rows.map((row) => ({
    query: row.query.replace(/\s+/g, ' ').trim(),
    calls: Number(row.calls),
    totalMs: row.total_ms,
    share: row.total_ms / row.all_ms,
  }));
}

/** A small seeded generator (mulberry32): the same plan of visits every run. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each phase's visits, decided before the run: which book, pay and cancel, and the mentee of each booking. */
function planPhases() {
  const draw = generator(30);
  const phases = [
    ...RAMP.map((rate) => ({ name: `ramp ${rate}/s`, rate, seconds: RAMP_SECONDS })),
    { name: 'main', rate: RATE, seconds: SECONDS },
  ];
  let mentees = 0;
  for (const phase of phases) {
    phase.visits = Array.from({ length: Math.round(phase.rate * phase.seconds) }, () => {
      const book = draw() < BOOK_SHARE;
      const pay = book && draw() < PAY_SHARE;
      const cancel = pay && draw() < CANCEL_SHARE;
      // A visit that only reads is the last booking visitor's; one that books has a mentee of its own.
      return { book, pay, cancel, mentee: book ? mentees++ : Math.max(0, mentees - 1) };
    });
  }
  return { phases, mentees: Math.max(1, mentees) };
}

const percentile = (sorted, share) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
const ms = (value) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

function newStats() {
  return {
    latencies: Object.fromEntries(KINDS.map((kind) => [kind, []])),
    statuses: Object.fromEntries(KINDS.map((kind) => [kind, []])),
    errors: {},
    visitMs: [],
    lateness: [],
    completed: 0,
    failed: 0,
    takenTwice: 0,
    taken: 0,
    unfinished: 0,
  };
}

/** An error answer's message, and its first item's words when they say more (a 503's cause). */
const messageOf = (answer) => {
  try {
    const { message, errors } = JSON.parse(answer.text);
    const detail = errors?.[0]?.message;
    return detail === undefined || detail === message
      ? (message ?? answer.text.slice(0, 100))
      : `${message} (${detail})`;
  } catch {
    return answer.text.slice(0, 100);
  }
};

/** One visit, start to end; answers nothing, records everything into `stats`. */
async function visit(context, plan, stats, scheduledAt) {
  const { url, seed, agent, pick } = context;
  const cookie = seed.cookies[plan.mentee];
  const json = { 'content-type': 'application/json', cookie };
  const fail = (what) => {
    stats.errors[what] = (stats.errors[what] ?? 0) + 1;
    throw Object.assign(new Error(what), { counted: true });
  };
  const call = async (kind, address, options, expected) => {
    const answer = await request(`${url}${address}`, { agent, headers: { cookie }, ...options });
    stats.latencies[kind].push(answer.ms);
    stats.statuses[kind].push(answer.status);
    if (answer.status === expected) return JSON.parse(answer.text);
    if (kind === 'book' && answer.status === 409 && messageOf(answer).startsWith(SLOT_TAKEN)) return null;
    fail(`${kind}: ${answer.status} ${messageOf(answer)}`);
  };
  try {
    const page = 1 + Math.floor(pick() * Math.ceil(MENTORS / PAGE_SIZE));
    const { mentors } = await call('listing', `/api/mentor/all?page=${page}&limit=${PAGE_SIZE}`, {}, 200);
    if (mentors.length === 0) fail(`listing: page ${page} is empty`);
    const mentorId = mentors[Math.floor(pick() * mentors.length)].id;
    await call('profile', `/api/mentor/details/${mentorId}`, {}, 200);
    // As the profile page asks (web lib/time-zones.ts bookableSlotWindow): from the start of this hour.
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const from = new Date(hour).toISOString();
    const to = new Date(hour + SLOT_DAYS * DAY_MS).toISOString();
    const { slots } = await call(
      'free hours',
      `/api/mentors/availability/${mentorId}/slots?from=${from}&to=${to}`,
      {},
      200,
    );
    if (plan.book) {
      let booking = null;
      for (let attempt = 0; attempt < BOOKING_TRIES && booking === null; attempt += 1) {
        if (slots.length === 0) fail('book: the mentor had no free hour left');
        const [slot] = slots.splice(Math.floor(pick() * slots.length), 1);
        const held = await call(
          'book',
          '/api/bookings',
          { method: 'POST', headers: json, body: JSON.stringify({ mentorId, startTime: slot.startTime }) },
          201,
        );
        if (held === null) stats.taken += 1;
        else booking = held.booking;
      }
      if (booking === null) stats.takenTwice += 1;
      else if (plan.pay) {
        const { paymentId } = await call(
          'pay',
          '/api/payments/create',
          { method: 'POST', headers: json, body: JSON.stringify({ bookingId: booking.id }) },
          200,
        );
        const event = signed(seed.webhookSecret, paymentId, booking.amount);
        await call('webhook', '/api/payments/webhook/sandbox', { method: 'POST', ...event }, 200);
        if (plan.cancel)
          await call(
            'cancel',
            `/api/bookings/${booking.id}/cancel`,
            { method: 'POST', headers: json, body: JSON.stringify({ reason: 'Plans changed' }) },
            200,
          );
      }
    }
    stats.completed += 1;
  } catch (error) {
    stats.failed += 1;
    if (!error.counted) stats.errors[error.message] = (stats.errors[error.message] ?? 0) + 1;
  } finally {
    stats.visitMs.push(performance.now() - scheduledAt);
  }
}

/**
 * Starts the phase's visits at its rate, each at its own time (start + i / rate) on a TICK_MS timer, without
 * waiting for any answer; then waits up to DRAIN_MS for those still in flight.
 */
async function runPhase(context, phase) {
  const stats = newStats();
  const inFlight = new Set();
  const startedAt = performance.now();
  const cpuBefore = cpuSeconds(context.server.child.pid);
  const loadBefore = process.cpuUsage();
  const queriesBefore = context.memory?.queries ?? Number.NaN;
  await new Promise((resolve) => {
    let next = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      while (next < phase.visits.length) {
        const scheduledAt = startedAt + (next * 1000) / phase.rate;
        if (scheduledAt > now) break;
        stats.lateness.push(now - scheduledAt);
        const running = visit(context, phase.visits[next], stats, scheduledAt);
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running));
        next += 1;
      }
      if (next === phase.visits.length) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const arrivalsMs = performance.now() - startedAt;
  context.phase = `${phase.name}, draining`;
  try {
    await withDeadline(Promise.all(inFlight), DRAIN_MS, `${phase.name}: the visits still in flight`);
  } catch (error) {
    stats.unfinished = inFlight.size;
    stats.errors[`unfinished: ${error.message}`] = inFlight.size;
  }
  // What the phase's visits did by now: those still running (after the deadline) write on into the live copy only,
  // so the stop of the server at the end cannot add their refused connections to the phase.
  const recorded = structuredClone(stats);
  // The server reports its count every second: wait for a report made after the drain.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const queries = (context.memory?.queries ?? Number.NaN) - queriesBefore;
  const wallMs = performance.now() - startedAt;
  const cpuAfter = cpuSeconds(context.server.child.pid);
  const generator = process.cpuUsage(loadBefore);
  return {
    ...phase,
    visits: phase.visits.length,
    stats: recorded,
    arrivalsMs,
    wallMs,
    queries,
    cpu: {
      node: cpuAfter.node - cpuBefore.node,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
      load: (generator.user + generator.system) / 1e6,
    },
  };
}

/** What a phase's numbers come to: visits completed per second of its arrivals, latencies, errors. */
function summarise(result) {
  const { stats } = result;
  const all = KINDS.flatMap((kind) => stats.latencies[kind]).sort((a, b) => a - b);
  const kinds = Object.fromEntries(
    KINDS.map((kind) => {
      const sorted = [...stats.latencies[kind]].sort((a, b) => a - b);
      return [
        kind,
        {
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          statuses: counted(stats.statuses[kind]),
        },
      ];
    }),
  );
  const visitMs = [...stats.visitMs].sort((a, b) => a - b);
  const lateness = [...stats.lateness].sort((a, b) => a - b);
  const errors = Object.values(stats.errors).reduce((sum, count) => sum + count, 0);
  return {
    requests: all.length,
    requestsPerSecond: all.length / (result.seconds || 1),
    visitsPerSecond: stats.completed / (result.seconds || 1),
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    visitP50: percentile(visitMs, 0.5),
    visitP99: percentile(visitMs, 0.99),
    latenessP99: percentile(lateness, 0.99),
    latenessMax: lateness.at(-1) ?? Number.NaN,
    errors,
    kinds,
    queriesPerRequest: result.queries / all.length,
  };
}

/** The api process's resident memory, from /proc (kB there). */
function rssOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) * 1024;
}

/** RSS from /proc and the heap the process last reported, every SAMPLE_EVERY_MS, labelled with the phase. */
function sampleMemory(context) {
  const samples = [];
  const startedAt = performance.now();
  const take = () => {
    if (context.server.child.exitCode !== null) return;
    if (context.heapFloor === Infinity) context.heapFloor = context.memory?.heapUsed ?? Number.NaN;
    samples.push({
      seconds: Math.round((performance.now() - startedAt) / 1000),
      phase: context.phase,
      rss: rssOf(context.server.child.pid),
      heapUsed: context.memory?.heapUsed ?? Number.NaN,
      heapFloor: context.heapFloor,
      heapTotal: context.memory?.heapTotal ?? Number.NaN,
      heapAfterFullGc: context.memory?.heapAfterFullGc ?? Number.NaN,
      // The process's own RSS less the heap V8 holds, from one report: memory outside the JavaScript heap.
      outsideHeap: context.memory === undefined ? Number.NaN : context.memory.rss - context.memory.heapTotal,
      fullGcs: context.memory?.fullGcs ?? 0,
      loopDelayMax: context.loopDelayMax,
    });
    context.heapFloor = Infinity;
    context.loopDelayMax = 0;
  };
  take();
  const timer = setInterval(take, SAMPLE_EVERY_MS);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
    },
  };
}

/**
 * The main phase's first and last minute of arrivals (a third each, for a shorter run), medians of what the api keeps:
 * its heap after its last full collection (only what is still referenced survives one) and its memory outside the
 * JavaScript heap (RSS less the heap V8 holds, from one report of the process: code, buffers, native allocations).
 * Their sum is what a leak grows. RSS itself and the heap's floor are given too, but not judged: V8 grows its heap's
 * reservation for tens of seconds between full collections and gives it back after, whatever is kept, so a sample of
 * them every 10 s says where that cycle was.
 */
function flatness(samples) {
  const main = samples.filter((sample) => sample.phase === 'main');
  const edge = Math.max(1, Math.min(6, Math.floor(main.length / 3)));
  const first = main.slice(0, edge);
  const last = main.slice(-edge);
  const of = (part, key) => median(part.map((sample) => sample[key]));
  const edgeOf = (part) => ({
    rss: of(part, 'rss'),
    heapFloor: of(part, 'heapFloor'),
    liveHeap: of(part, 'heapAfterFullGc'),
    outsideHeap: of(part, 'outsideHeap'),
  });
  const [firstEdge, lastEdge] = [edgeOf(first), edgeOf(last)];
  const growth = (name) => lastEdge[name] / firstEdge[name] - 1;
  const liveHeapGrowth = growth('liveHeap');
  const outsideHeapGrowth = growth('outsideHeap');
  return {
    edgeSeconds: edge * (SAMPLE_EVERY_MS / 1000),
    first: firstEdge,
    last: lastEdge,
    rssGrowth: growth('rss'),
    heapFloorGrowth: growth('heapFloor'),
    liveHeapGrowth,
    outsideHeapGrowth,
    // No full collection in a minute (NaN) says nothing about what is kept, so it is not called flat.
    flat: main.length >= 2 && liveHeapGrowth <= FLAT_SHARE && outsideHeapGrowth <= FLAT_SHARE,
  };
}

export async function marketplaceBench() {
  const loadAtStart = loadavg()[0];
  const { phases, mentees } = planPhases();
  const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-marketplace-'));
  const seedFile = path.join(folder, 'seed.json');
  // BENCH_CPU_PROF=folder: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  console.log(
    `planned: ${phases.map((phase) => `${phase.name} ${phase.visits.length} visits`).join(', ')}; seeding ${MENTORS} mentors and ${mentees} mentees`,
  );
  const server = await startProcess(
    process.execPath,
    [...profile, '--import', 'tsx', 'bench/marketplace/server.ts'],
    {
      env: {
        BENCH_MARKETPLACE_SEED_FILE: seedFile,
        BENCH_MARKETPLACE_MENTORS: String(MENTORS),
        BENCH_MARKETPLACE_MENTEES: String(mentees),
      },
      timeoutMs: SEED_TIMEOUT_MS,
      ready: (line) => (line === 'ready' ? true : undefined),
    },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const context = {
    server,
    agent,
    phase: 'seeded',
    memory: undefined,
    heapFloor: Infinity,
    loopDelayMax: 0,
    pick: generator(2026),
  };
  let partial = '';
  server.child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines)
      if (line.startsWith('memory ')) {
        context.memory = JSON.parse(line.slice('memory '.length));
        context.heapFloor = Math.min(context.heapFloor, context.memory.heapUsed);
        context.loopDelayMax = Math.max(context.loopDelayMax, context.memory.loopDelayMaxMs);
      }
  });
  let memory;
  const results = [];
  let loadAtMain;
  let costliest;
  try {
    context.seed = JSON.parse(readFileSync(seedFile, 'utf8'));
    context.url = context.seed.url;
    console.log(`seeded in ${(context.seed.seedMs / 1000).toFixed(1)} s (users ${context.seed.usersMs} ms)`);
    const listed = await withDeadline(
      request(`${context.url}/api/mentor/all?page=1&limit=${PAGE_SIZE}`, {}),
      30_000,
      'the listing',
    );
    const total = listed.status === 200 ? JSON.parse(listed.text).total : undefined;
    if (total !== MENTORS)
      throw new Error(`the listing shows ${total} mentors (${listed.status}), ${MENTORS} were seeded`);
    // The first of the server's reports, so the phases start with its counts.
    await withDeadline(
      new Promise((resolve) => {
        const waiting = setInterval(
          () => context.memory !== undefined && resolve(clearInterval(waiting)),
          100,
        );
      }),
      10_000,
      'the api process reporting its memory',
    );
    memory = sampleMemory(context);
    for (const phase of phases) {
      context.phase = phase.name;
      if (phase.name === 'main') {
        loadAtMain = loadavg()[0];
        await clearStatementCosts(context.seed.databaseUrl);
      }
      console.log(`${phase.name}: ${phase.visits.length} visits over ${phase.seconds} s…`);
      const result = await runPhase(context, phase);
      if (phase.name === 'main') costliest = await costliestStatements(context.seed.databaseUrl);
      if (server.child.exitCode !== null)
        throw new Error(`the api process exited (${server.child.exitCode})`);
      result.summary = summarise(result);
      results.push(result);
      const { summary } = result;
      console.log(
        `${phase.name}: ${summary.visitsPerSecond.toFixed(1)} visits/s completed, ${Math.round(summary.requestsPerSecond)} requests/s, p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}, visit p99 ${ms(summary.visitP99)}, ${summary.errors} errors${summary.errors > 0 ? ` ${JSON.stringify(result.stats.errors)}` : ''}; arrivals late p99 ${ms(summary.latenessP99)}; drained after ${((result.wallMs - result.arrivalsMs) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    memory?.stop();
    agent.destroy();
    await withDeadline(stopProcess(server.child), 60_000, 'stopping the api process').catch((error) =>
      console.log(error.message),
    );
    rmSync(folder, { recursive: true, force: true });
  }
  const loadAtEnd = loadavg()[0];
  record({
    results,
    samples: memory.samples,
    seed: context.seed,
    loads: [loadAtStart, loadAtMain, loadAtEnd],
    costliest,
  });
}

/** A visit's requests by the mix, without second tries: three reads, then the hold, the payment and its webhook, the cancel. */
const REQUESTS_PER_VISIT = 3 + BOOK_SHARE * (1 + PAY_SHARE * (2 + CANCEL_SHARE));
const perRequestMs = (result, part) => (result.cpu[part] * 1000) / result.summary.requests;

function record({ results, samples, seed, loads, costliest }) {
  const main = results.find((result) => result.name === 'main');
  const { summary } = main;
  const flat = flatness(samples);
  const checks = {
    visits: summary.visitsPerSecond >= VISITS_TARGET,
    p99: summary.p99 < P99_TARGET_MS,
    errors: summary.errors === 0,
    memory: flat.flat,
  };
  const met = Object.values(checks).every(Boolean);
  const [loadAtStart, loadAtMain, loadAtEnd] = loads;
  const percent = (share) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;
  console.log(
    `\nmain: ${summary.visitsPerSecond.toFixed(1)} visits/s, p99 ${ms(summary.p99)}, ${summary.errors} errors, heap after a full collection ${percent(flat.liveHeapGrowth)}, RSS outside the heap ${percent(flat.outsideHeapGrowth)}; target ${met ? 'met' : 'NOT met'}`,
  );
  const phaseRow = (result) => {
    const s = result.summary;
    return `| ${result.name} | ${result.rate} | ${result.seconds} s | ${result.visits} | ${s.visitsPerSecond.toFixed(1)} | ${Math.round(s.requestsPerSecond)} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.visitP99)} | ${s.errors} | ${result.stats.taken} | ${ms(s.latenessP99)} | ${s.queriesPerRequest.toFixed(1)} | ${(result.cpu.node / result.seconds).toFixed(2)} / ${(result.cpu.postgres / result.seconds).toFixed(2)} / ${(result.cpu.load / result.seconds).toFixed(2)} | ${perRequestMs(result, 'node').toFixed(1)} / ${perRequestMs(result, 'postgres').toFixed(1)} ms |`;
  };
  const kindRow = (kind) => {
    const k = summary.kinds[kind];
    const statuses = Object.entries(k.statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    return `| ${kind} | ${k.count} | ${ms(k.p50)} | ${ms(k.p99)} | ${statuses} |`;
  };
  const errorKinds = [...new Set(results.flatMap((result) => Object.keys(result.stats.errors)))].sort();
  const errorTable = [
    `| error | ${results.map((result) => result.name).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
    ...errorKinds.map(
      (what) => `| ${what} | ${results.map((result) => result.stats.errors[what] ?? 0).join(' | ')} |`,
    ),
  ];
  const memoryRow = (sample) =>
    `| ${sample.seconds} s | ${sample.phase} | ${mb(sample.rss)} MB | ${Number.isNaN(sample.heapUsed) ? '–' : `${mb(sample.heapUsed)} MB`} | ${Number.isNaN(sample.heapFloor) ? '–' : `${mb(sample.heapFloor)} MB`} | ${Number.isNaN(sample.heapTotal) ? '–' : `${mb(sample.heapTotal)} MB`} | ${Number.isNaN(sample.heapAfterFullGc) ? '–' : `${mb(sample.heapAfterFullGc)} MB`} (${sample.fullGcs}) | ${Number.isNaN(sample.outsideHeap) ? '–' : `${mb(sample.outsideHeap)} MB`} | ${Math.round(sample.loopDelayMax)} ms |`;
  const verdict = (ok) => (ok ? 'yes' : '**no**');
  const statementRow = (row) =>
    `| \`${row.query.slice(0, 110).replaceAll('|', '\\|')}${row.query.length > 110 ? '…' : ''}\` | ${row.calls} | ${(row.totalMs / row.calls).toFixed(2)} ms | ${(row.totalMs / 1000).toFixed(1)} s | ${(row.share * 100).toFixed(1)}% |`;
  recordResult(
    'marketplace',
    `## The marketplace's mixed load on one api process, open loop

${machine()}; load average ${loadAtStart.toFixed(2)} when the run started, ${loadAtMain?.toFixed(2) ?? '–'} when the main phase started, ${loadAtEnd.toFixed(2)} when it ended
(the machine is shared, and the load generator runs on it beside the api and its PostgreSQL).
One real product process (\`bench/marketplace/server.ts\`: buildApp in production mode on an embedded PostgreSQL, the marketplace limits
as they are; only the per-address limit is raised, as in every bench, since every visitor comes from 127.0.0.1) with ${MENTORS} mentors
(weekdays 10–17 UTC) and ${seed.cookies.length} mentees written into the tables and signed in as the integration tests do (${(seed.seedMs / 1000).toFixed(0)} s),
one mentee for each visit that books, so no hold ever meets a limit on holds or booking requests.

Visits arrive at a fixed rate (each at its own time, whatever the answers do) and go over ${CONNECTIONS} kept-alive connections at most;
a request's time runs from when its visit asked (a wait for a free connection included) to the end of the answer.
A visit reads the listing (a random page of ${PAGE_SIZE}), a mentor's profile from it and their free hours for the next ${SLOT_DAYS} days (from the start of the hour, as the profile page asks);
${BOOK_SHARE * 100}% of visits then hold one of those hours (a 409 "just taken": one more try with another), ${PAY_SHARE * 100}% of those pay in the
sandbox (\`POST /api/payments/create\`, then its signed \`payment_succeeded\` webhook), ${CANCEL_SHARE * 100}% of those cancel. The ramp phases
ran first on the same product, then the main one; visits/s are the visits that ended without an error over the phase's seconds.
Any answer but the expected one counts as an error, save a 409 "just taken" for a hold (column "taken").

| phase | offered visits/s | for | visits | completed visits/s | requests/s | p50 | p99 | visit p99 | errors | taken | arrivals late, p99 | SQL statements per request | CPU s/s: api / PostgreSQL / load | CPU per request: api / PostgreSQL |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${results.map(phaseRow).join('\n')}

"late" is how long after its time a visit was started (the load generator's own delay). SQL statements: those the api
process's pg clients sent (the job queue's too) over the phase, per HTTP request. CPU: seconds of CPU per second of the
phase for the api process, its PostgreSQL (all its processes) and the load generator, read from /proc; per request, the
api's and PostgreSQL's CPU over the requests answered. At the main phase's ${perRequestMs(main, 'node').toFixed(1)} ms of api CPU per request, one api
process (one core for its JavaScript) answers at most about ${Math.round(1000 / perRequestMs(main, 'node'))} requests/s, ${Math.round(1000 / perRequestMs(main, 'node') / REQUESTS_PER_VISIT)} visits/s of this mix (${REQUESTS_PER_VISIT.toFixed(2)} requests a visit),
on this machine as loaded then (CPU time per request grows when neighbours share the cores and caches); PostgreSQL needs ${perRequestMs(main, 'postgres').toFixed(1)} ms of CPU per request beside it.

The main phase, per request kind:

| request | count | p50 | p99 | answers |
|---|---|---|---|---|
${KINDS.map(kindRow).join('\n')}

Errors: ${errorKinds.length === 0 ? 'none.' : `\n\n${errorTable.join('\n')}`}

The ${COSTLIEST_STATEMENTS} statements that took PostgreSQL the most time over the main phase (\`pg_stat_statements\`: time from a
statement's start to its end, a wait for a lock included, so a statement that waits for another transaction shows here
and not in the CPU above):

| statement | calls | mean | total | share of all statements' time |
|---|---|---|---|---|
${costliest.map(statementRow).join('\n')}

The api process's memory every ${SAMPLE_EVERY_MS / 1000} s (RSS from /proc/PID/status VmRSS; the heap as the process last reported it, at most 1 s before, and the lowest
of its reports (one a second) since the sample before; the heap just after the last full collection (mark-sweep-compact, seen by a
\`PerformanceObserver\` of \`gc\` entries), which only what is still referenced survives, with the number of full collections so far; the process's
RSS less the heap V8 holds, from the same report, which is what it keeps outside the JavaScript heap; and the longest the api's event loop was late
to run a timer in those 10 s, \`monitorEventLoopDelay\` at a 10 ms resolution, where a stall of the process shows). RSS and the heap's lowest climb
for tens of seconds between full collections and fall back after one, however steady what is kept (V8 grows its heap's reservation, then gives it
back), so what is judged is what is kept: the heap after a full collection, and the memory outside the heap:

| at | phase | RSS | heap used | heap used, lowest of the 10 s | heap total | heap after the last full collection (full collections) | RSS outside the heap | event loop's longest delay in the 10 s |
|---|---|---|---|---|---|---|---|---|
${samples.map(memoryRow).join('\n')}

Main phase, first ${flat.edgeSeconds} s against last ${flat.edgeSeconds} s of its arrivals (medians; "draining" rows are after the last arrival): the heap after a full collection ${mb(flat.first.liveHeap)} → ${mb(flat.last.liveHeap)} MB
(${percent(flat.liveHeapGrowth)}), RSS outside the heap ${mb(flat.first.outsideHeap)} → ${mb(flat.last.outsideHeap)} MB (${percent(flat.outsideHeapGrowth)}); flat (both within ${FLAT_SHARE * 100}%): **${flat.flat ? 'yes' : 'no'}**.
(Not judged, wherever the collector's cycle was: RSS ${mb(flat.first.rss)} → ${mb(flat.last.rss)} MB (${percent(flat.rssGrowth)}), the heap's lowest
${mb(flat.first.heapFloor)} → ${mb(flat.last.heapFloor)} MB (${percent(flat.heapFloorGrowth)}).)

Target (issue 30) at ${RATE} visits/s for ${SECONDS} s: ≥ ${VISITS_TARGET} visits/s ${verdict(checks.visits)}, p99 under ${P99_TARGET_MS / 1000} s ${verdict(checks.p99)},
no errors ${verdict(checks.errors)}, memory flat ${verdict(checks.memory)}: **${met ? 'met' : 'not met'}**.`,
  );
}
