// `npm run bench -- payments`: confirming a payment (the signed `payment_succeeded` sandbox webhook) in the real
// product (bench/payments/server.ts), against the same product as it was before the ledger existed, side by side:
//   - both products started alike, each with BOOKINGS held bookings and their sandbox payments, made through the
//     api (POST /api/bookings, then POST /api/payments/create) by as many mentees, one booking each;
//   - the webhooks delivered from CONNECTIONS connections, in alternating rounds, confirmations per second and p99;
//   - afterwards every booking confirmed, by exactly one event; the ledger's payment written once per booking and
//     balanced; receipts (when the schema has them) numbered with no gap and no duplicate; a repeated delivery
//     changing nothing;
//   - the bookings bench's race for one slot with the ledger in place (exactly one winner), whose winner then pays
//     with many different events for the same payment at once: one confirmation, one ledger payment, one receipt.
// The product before the ledger is a `git worktree` of BEFORE_LEDGER under /tmp, using this checkout's
// node_modules (only when its lockfile asks for nothing this one lacks), removed afterwards.
// Nothing here passes or fails on a time: the counts are what must hold, the rates are recorded.
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { race } from '../bookings/bench.mjs';
import { machine, median, recordResult, root, startProcess, stopProcess } from '../lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BOOKINGS = Number(process.env.BENCH_PAYMENTS_BOOKINGS ?? 600);
const CONNECTIONS = Number(process.env.BENCH_PAYMENTS_CONNECTIONS ?? 20);
const MENTORS = 50;
const RACERS = 500;
/** The commit that added the ledger; its first parent is the product before it. */
const LEDGER_COMMIT = '970db9f';
const BEFORE_LEDGER = `${LEDGER_COMMIT}~1`;
/** A tenth of the bookings warm each side up; the rest go in ROUNDS equal batches. */
const WARM_UP = Math.round(BOOKINGS / 10);
const BATCH = Math.floor((BOOKINGS - WARM_UP) / ROUNDS);
/** Repeats of already delivered events, and different events for the race winner's one payment. */
const REPEATS = 50;
const RIVAL_EVENTS = 20;
const PREPARE_IN_FLIGHT = 8;
const REQUEST_TIMEOUT_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `promise`, or an error naming `what` once `ms` have passed: no wait of this bench is without an end. */
export function withDeadline(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** One HTTP request with a deadline; answers status, body text and latency. Never rejects: a failure is a status. */
export function request(url, { method = 'GET', headers = {}, body, agent }) {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const sent = http.request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text, ms: performance.now() - startedAt }),
        );
      },
    );
    sent.setTimeout(REQUEST_TIMEOUT_MS, () => sent.destroy(new Error('timed out')));
    sent.on('error', (error) =>
      resolve({
        status: `error: ${error.code ?? error.message}`,
        text: '',
        ms: performance.now() - startedAt,
      }),
    );
    sent.end(body);
  });
}

/** Runs `work(item)` over `items`, `inFlight` at a time; answers the results in order. */
async function pooled(items, inFlight, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

export const counted = (statuses) => {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

// ——— The product before the ledger: a worktree of that commit on this checkout's node_modules ———

/** Packages the old lockfile pins that this checkout's does not have at the same version (none, to share them). */
function lockfileDifferences(oldTree) {
  const current = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
  const old = JSON.parse(readFileSync(path.join(oldTree, 'package-lock.json'), 'utf8')).packages;
  return Object.entries(old)
    .filter(([name, entry]) => name.startsWith('node_modules/') && !entry.link)
    .filter(([name, entry]) => current[name]?.version !== entry.version)
    .map(([name, entry]) => `${name}@${entry.version} (here: ${current[name]?.version ?? 'absent'})`);
}

function git(...args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr || run.error?.message}`);
  return run.stdout.trim();
}

/** A worktree of BEFORE_LEDGER under /tmp with this bench's server in it; answers its folder and commit. */
function checkOutBeforeLedger() {
  const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-before-ledger-'));
  git('worktree', 'add', '--detach', folder, BEFORE_LEDGER);
  try {
    const differences = lockfileDifferences(folder);
    if (differences.length > 0)
      throw new Error(
        `the lockfile at ${BEFORE_LEDGER} pins packages this checkout has otherwise, so its node_modules cannot be shared: ${differences.slice(0, 5).join(', ')}`,
      );
    // Every package is this checkout's, but the workspaces (@skillroute/*) are the old commit's own.
    mkdirSync(path.join(folder, 'node_modules', '@skillroute'), { recursive: true });
    for (const entry of readdirSync(path.join(root, 'node_modules'))) {
      if (entry === '@skillroute') continue;
      symlinkSync(path.join(root, 'node_modules', entry), path.join(folder, 'node_modules', entry));
    }
    for (const entry of readdirSync(path.join(root, 'node_modules', '@skillroute'))) {
      const target = { api: 'apps/api', web: 'apps/web', shared: 'packages/shared' }[entry] ?? entry;
      symlinkSync(path.join(folder, target), path.join(folder, 'node_modules', '@skillroute', entry));
    }
    for (const workspace of ['apps/api', 'apps/web']) {
      const nested = path.join(root, workspace, 'node_modules');
      try {
        readdirSync(nested);
        symlinkSync(nested, path.join(folder, workspace, 'node_modules'));
      } catch {
        // no packages of its own here
      }
    }
    mkdirSync(path.join(folder, 'bench', 'payments'), { recursive: true });
    for (const file of [['payments', 'server.ts'], ['seeding.ts']])
      copyFileSync(path.join(root, 'bench', ...file), path.join(folder, 'bench', ...file));
    return { folder, commit: git('rev-parse', '--short', BEFORE_LEDGER) };
  } catch (error) {
    removeWorktree(folder);
    throw error;
  }
}

function removeWorktree(folder) {
  const run = spawnSync('git', ['worktree', 'remove', '--force', folder], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) console.log(`could not remove the worktree ${folder}: ${run.stderr}`);
  rmSync(folder, { recursive: true, force: true });
  spawnSync('git', ['worktree', 'prune'], { cwd: root });
}

// ——— One product: started, its bookings held and their payments created ———

async function startSide(name, cwd, folder, racers) {
  const seedFile = path.join(folder, `${name}.json`);
  const server = await startProcess(process.execPath, ['--import', 'tsx', 'bench/payments/server.ts'], {
    cwd,
    env: {
      BENCH_PAYMENTS_SEED_FILE: seedFile,
      BENCH_PAYMENTS_BOOKINGS: String(BOOKINGS),
      BENCH_PAYMENTS_MENTORS: String(MENTORS),
      BENCH_PAYMENTS_RACERS: String(racers),
    },
    timeoutMs: 300_000,
    ready: (line) => (line === 'ready' ? true : undefined),
  });
  return { name, server, seed: JSON.parse(readFileSync(seedFile, 'utf8')) };
}

/** The free slot starts of a mentor in the next 59 days (the route gives at most 60 at once). */
async function slotStarts(url, mentorId) {
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 59 * DAY_MS).toISOString();
  const answer = await request(`${url}/api/mentors/availability/${mentorId}/slots?from=${from}&to=${to}`, {});
  if (answer.status !== 200) throw new Error(`slots of ${mentorId}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text).slots.map((slot) => slot.startTime);
}

/**
 * Mentee k holds mentor k mod MENTORS's slot k div MENTORS, then starts paying for it: one booking and one
 * payment each, so no limit on holds or booking requests is ever reached. Answers each booking's signed event.
 */
async function prepare(side) {
  const { seed } = side;
  const slots = await slotStarts(seed.url, seed.mentorIds[0]);
  const perMentor = Math.ceil(seed.mentees.length / seed.mentorIds.length);
  if (slots.length < perMentor)
    throw new Error(`${side.name}: ${slots.length} free slots, ${perMentor} needed`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: PREPARE_IN_FLIGHT });
  const startedAt = performance.now();
  try {
    const prepared = await pooled(seed.mentees, PREPARE_IN_FLIGHT, async (mentee, k) => {
      const json = { 'content-type': 'application/json', cookie: mentee.cookie };
      const held = await request(`${seed.url}/api/bookings`, {
        method: 'POST',
        agent,
        headers: json,
        body: JSON.stringify({
          mentorId: seed.mentorIds[k % seed.mentorIds.length],
          startTime: slots[Math.floor(k / seed.mentorIds.length)],
        }),
      });
      if (held.status !== 201) throw new Error(`${side.name}: booking ${k}: ${held.status} ${held.text}`);
      const { booking } = JSON.parse(held.text);
      const paying = await request(`${seed.url}/api/payments/create`, {
        method: 'POST',
        agent,
        headers: json,
        body: JSON.stringify({ bookingId: booking.id }),
      });
      if (paying.status !== 200)
        throw new Error(`${side.name}: payment of booking ${k}: ${paying.status} ${paying.text}`);
      const { paymentId } = JSON.parse(paying.text);
      return { bookingId: booking.id, event: signed(seed.webhookSecret, paymentId, booking.amount) };
    });
    return { prepared, prepareMs: performance.now() - startedAt };
  } finally {
    agent.destroy();
  }
}

/** A `payment_succeeded` event as the sandbox checkout signs it (adapters/payments/sandbox.ts signSandboxEvent). */
export function signed(secret, paymentId, amount) {
  const id = `sbx_evt_${randomUUID()}`;
  const body = JSON.stringify({ id, kind: 'payment_succeeded', paymentId, amount, currency: 'INR' });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': createHmac('sha256', secret).update(body).digest('hex'),
      'x-sandbox-event-id': id,
    },
  };
}

/** Delivers `events` from `connections` kept-alive connections; answers confirmations/s, p99 and the statuses. */
async function deliver(url, events, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const startedAt = performance.now();
  try {
    const answers = await pooled(events, connections, (event) =>
      request(`${url}/api/payments/webhook/sandbox`, { method: 'POST', agent, ...event }),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    return {
      rate: events.length / seconds,
      p99: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)],
      statuses: counted(answers.map((answer) => answer.status)),
      failed: answers.filter((answer) => answer.status !== 200).length,
    };
  } finally {
    agent.destroy();
  }
}

// ——— What must hold afterwards, read in SQL ———

async function tableExists(client, table) {
  return (await client.query('select to_regclass($1) is not null as found', [table])).rows[0].found;
}

/** The receipts table and its number column, if this schema has one (`financial_documents`, or any `*receipt*`). */
async function receiptsTable(client) {
  const { rows } = await client.query(`
    select c.table_name, c.column_name,
      exists (select 1 from information_schema.columns k where k.table_name = c.table_name and k.column_name = 'kind') as has_kind,
      exists (select 1 from information_schema.columns k where k.table_name = c.table_name and k.column_name = 'booking_id') as has_booking
    from information_schema.columns c
    where c.table_schema = 'public' and (c.table_name = 'financial_documents' or c.table_name like '%receipt%')
      and c.column_name in ('number', 'receipt_number')
    order by c.table_name = 'financial_documents' desc limit 1`);
  return rows[0];
}

/** Numbers sharing a prefix (e.g. `SR-2026-27-`) must run 1, 2, 3… with none missing and none twice. */
function numberingFaults(numbers) {
  const faults = [];
  const series = new Map();
  for (const number of numbers) {
    const [, prefix, digits] = /^(.*?)(\d+)$/.exec(number) ?? [null, number, null];
    if (digits === null) {
      faults.push(`${number} ends in no number`);
      continue;
    }
    series.set(prefix, [...(series.get(prefix) ?? []), Number(digits)]);
  }
  for (const [prefix, values] of series) {
    const sorted = values.sort((a, b) => a - b);
    const distinct = new Set(sorted).size;
    if (distinct !== sorted.length) faults.push(`${prefix}…: ${sorted.length - distinct} duplicate numbers`);
    if (sorted[0] !== 1) faults.push(`${prefix}…: starts at ${sorted[0]}`);
    const missing = sorted.at(-1) - sorted[0] + 1 - distinct;
    if (missing > 0)
      faults.push(`${prefix}…: ${missing} numbers missing between ${sorted[0]} and ${sorted.at(-1)}`);
  }
  return { faults, series: [...series].map(([prefix, values]) => `${prefix}… 1 to ${values.at(-1)}`) };
}

/** Per booking given: confirmed, by exactly one event; its ledger payment once; the ledger and receipts whole. */
async function audit(databaseUrl, bookingIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const statuses = Object.fromEntries(
      (
        await client.query(
          'select status, count(*)::int as n from bookings where id = any($1::uuid[]) group by 1',
          [bookingIds],
        )
      ).rows.map((row) => [row.status, row.n]),
    );
    const [confirmations] = (
      await client.query(
        `select count(*)::int as bookings, (count(*) filter (where n = 1))::int as once, coalesce(max(n), 0)::int as most
         from (select b.id, count(e.event_id) filter (where e.outcome = 'confirmed') as n
               from bookings b left join payment_events e on e.booking_id = b.id
               where b.id = any($1::uuid[]) group by b.id) per_booking`,
        [bookingIds],
      )
    ).rows;
    const result = { statuses, confirmations, ledger: null, receipts: null };
    if (await tableExists(client, 'ledger_transactions')) {
      const [payments] = (
        await client.query(
          `select count(*)::int as transactions, count(distinct booking_id)::int as bookings
           from ledger_transactions where kind = 'payment' and booking_id = any($1::uuid[])`,
          [bookingIds],
        )
      ).rows;
      const [whole] = (
        await client.query(`
          select (select count(*) from ledger_transactions)::int as transactions,
                 (select count(*) from ledger_entries)::int as entries,
                 (select count(*) from (select 1 from ledger_entries group by transaction_id, currency
                                        having sum(amount) <> 0) unbalanced)::int as unbalanced`)
      ).rows;
      result.ledger = { payments, ...whole };
    }
    const receipts = await receiptsTable(client);
    if (receipts !== undefined) {
      const table = client.escapeIdentifier(receipts.table_name);
      const column = client.escapeIdentifier(receipts.column_name);
      const onlyReceipts = receipts.has_kind ? `where kind = 'receipt'` : '';
      const numbers = (
        await client.query(`select ${column}::text as number from ${table} ${onlyReceipts}`)
      ).rows.map((row) => row.number);
      const [ours] = receipts.has_booking
        ? (
            await client.query(
              `select count(*)::int as receipts, count(distinct booking_id)::int as bookings from ${table}
               ${onlyReceipts || 'where true'} and booking_id = any($1::uuid[])`,
              [bookingIds],
            )
          ).rows
        : [{ receipts: null, bookings: null }];
      result.receipts = {
        table: receipts.table_name,
        total: numbers.length,
        ...ours,
        ...numberingFaults(numbers),
      };
    }
    return result;
  } finally {
    await client.end();
  }
}

/** What failed in an audit of `expected` bookings, in words; empty when everything held. */
function auditFaults(name, found, expected) {
  const faults = [];
  if ((found.statuses.confirmed ?? 0) !== expected)
    faults.push(
      `${name}: ${found.statuses.confirmed ?? 0} of ${expected} confirmed (${JSON.stringify(found.statuses)})`,
    );
  if (found.confirmations.once !== expected)
    faults.push(
      `${name}: ${found.confirmations.once} of ${expected} confirmed by exactly one event (most: ${found.confirmations.most})`,
    );
  if (found.ledger !== null) {
    const { payments, unbalanced } = found.ledger;
    if (payments.transactions !== expected || payments.bookings !== expected)
      faults.push(
        `${name}: ${payments.transactions} ledger payments for ${payments.bookings} of ${expected} bookings`,
      );
    if (unbalanced !== 0) faults.push(`${name}: ${unbalanced} ledger transactions do not sum to zero`);
  }
  if (found.receipts !== null) {
    const { receipts, bookings, faults: numbering } = found.receipts;
    if (receipts !== null && (receipts !== expected || bookings !== expected))
      faults.push(`${name}: ${receipts} receipts for ${bookings} of ${expected} bookings`);
    faults.push(...numbering.map((fault) => `${name}: receipt numbers: ${fault}`));
  }
  return faults;
}

const ledgerWords = (found) =>
  found.ledger === null
    ? 'no ledger in this schema'
    : `${found.ledger.payments.transactions} ledger payments for ${found.ledger.payments.bookings} bookings; ${found.ledger.transactions} transactions, ${found.ledger.entries} entries, ${found.ledger.unbalanced} unbalanced`;
const receiptWords = (found) =>
  found.receipts === null
    ? 'no receipts table in this schema: the receipt numbering check was skipped'
    : `${found.receipts.total} receipts in \`${found.receipts.table}\` (${found.receipts.receipts ?? '?'} for these bookings), numbered ${found.receipts.series.join(', ') || 'nothing'}; ${found.receipts.faults.length === 0 ? 'no gap, no duplicate' : found.receipts.faults.join('; ')}`;

// ——— What a confirmation costs besides time: CPU (Linux /proc) and rows written (PostgreSQL's statistics) ———

const CLOCK_TICKS = 100;

/** CPU seconds so far of the server process (node) and of its descendants (the embedded PostgreSQL). */
export function cpuSeconds(pid) {
  const children = new Map();
  let statOf;
  try {
    statOf = (id) => readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
    for (const id of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const parent = statOf(id)[1];
        children.set(parent, [...(children.get(parent) ?? []), id]);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return { node: Number.NaN, postgres: Number.NaN };
  }
  const seconds = (id) => {
    try {
      const fields = statOf(id);
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      return 0;
    }
  };
  let postgres = 0;
  const queue = [...(children.get(String(pid)) ?? [])];
  while (queue.length > 0) {
    const id = queue.pop();
    postgres += seconds(id);
    queue.push(...(children.get(id) ?? []));
  }
  return { node: seconds(pid), postgres };
}

/** PostgreSQL reports a backend's counts within ~10 s of its last transaction; wait that long before reading them. */
const STATS_FLUSH_MS = 11_000;

/** Rows inserted, updated and deleted so far per table (job tables of pg-boss as one), per side. */
async function rowWritesOf(sides) {
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
  const result = {};
  for (const side of sides) {
    const client = new pg.Client({ connectionString: side.seed.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`
        select case when schemaname = 'pgboss' then 'pg-boss jobs' else relname end as name,
               sum(n_tup_ins + n_tup_upd + n_tup_del)::int as writes
        from pg_stat_all_tables where schemaname not in ('pg_catalog', 'information_schema', 'pg_toast')
        group by 1`);
      result[side.name] = Object.fromEntries(rows.map((row) => [row.name, row.writes]));
    } finally {
      await client.end();
    }
  }
  return result;
}

function rowWritesPer(before, after, confirmations) {
  return Object.fromEntries(
    Object.entries(after).map(([name, tables]) => [
      name,
      Object.fromEntries(
        Object.entries(tables)
          .map(([table, writes]) => [table, (writes - (before[name]?.[table] ?? 0)) / confirmations])
          .filter(([, per]) => per >= 0.05)
          .sort((a, b) => b[1] - a[1]),
      ),
    ]),
  );
}

const writeWords = (tables) => {
  const total = Object.values(tables).reduce((sum, per) => sum + per, 0);
  return `${total.toFixed(1)} (${Object.entries(tables)
    .map(([table, per]) => `${table} ${per.toFixed(1)}`)
    .join(', ')})`;
};

// ——— The race, with the ledger in place, and its winner's payment delivered many times over ———

async function raceThenPay(side) {
  const { seed } = side;
  const raced = await withDeadline(
    race({
      url: seed.url,
      databaseUrl: seed.databaseUrl,
      race: { mentorId: seed.race.mentorId, cookies: seed.race.racers.map((racer) => racer.cookie) },
    }),
    180_000,
    'the race',
  );
  const client = new pg.Client({ connectionString: seed.databaseUrl });
  await client.connect();
  let winner;
  try {
    winner = (
      await client.query(
        `select id, mentee_id, amount from bookings where mentor_id = $1 and status = 'pending_payment'`,
        [seed.race.mentorId],
      )
    ).rows;
  } finally {
    await client.end();
  }
  if (winner.length !== 1)
    return { raced, paid: null, note: `${winner.length} held bookings of the race mentor` };
  const [booking] = winner;
  const cookie = seed.race.racers.find((racer) => racer.id === booking.mentee_id)?.cookie;
  const paying = await request(`${seed.url}/api/payments/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ bookingId: booking.id }),
  });
  if (paying.status !== 200) return { raced, paid: null, note: `paying: ${paying.status} ${paying.text}` };
  const { paymentId } = JSON.parse(paying.text);
  const rivals = Array.from({ length: RIVAL_EVENTS }, () =>
    signed(seed.webhookSecret, paymentId, booking.amount),
  );
  const delivered = await withDeadline(
    deliver(seed.url, rivals, RIVAL_EVENTS),
    120_000,
    "the winner's payment events",
  );
  const found = await audit(seed.databaseUrl, [booking.id]);
  return { raced, paid: { delivered, found, faults: auditFaults('the race winner', found, 1) } };
}

// ——— The section ———

export async function paymentsBench() {
  const loadAtStart = loadavg()[0];
  const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-payments-'));
  const sides = [];
  let old;
  let rounds;
  let repeats;
  let audits;
  let racing;
  let writes;
  try {
    old = checkOutBeforeLedger();
    console.log(`the product before the ledger: ${old.commit} in ${old.folder}`);
    sides.push(await startSide('before the ledger', old.folder, folder, 0));
    sides.push(await startSide('now', root, folder, RACERS));
    for (const side of sides) {
      Object.assign(side, await withDeadline(prepare(side), 600_000, `${side.name}: preparing the bookings`));
      console.log(
        `${side.name}: ${side.prepared.length} bookings held and their payments created in ${Math.round(side.prepareMs)} ms (seeded in ${side.seed.seedMs} ms)`,
      );
    }

    // A tenth of each side's events warm it up; then ROUNDS batches, alternating, with the order turned each round.
    const batchOf = (side, round) =>
      round === 0
        ? side.prepared.slice(0, WARM_UP)
        : side.prepared.slice(WARM_UP + (round - 1) * BATCH, WARM_UP + round * BATCH);
    rounds = Object.fromEntries(
      sides.map((side) => [side.name, { rates: [], p99: [], failed: 0, cpu: { node: 0, postgres: 0 } }]),
    );
    let writesBefore;
    for (let round = 0; round <= ROUNDS; round += 1) {
      if (round === 1) writesBefore = await rowWritesOf(sides);
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const events = batchOf(side, round).map((item) => item.event);
        const cpuBefore = cpuSeconds(side.server.child.pid);
        const result = await withDeadline(
          deliver(side.seed.url, events, CONNECTIONS),
          300_000,
          `${side.name}: round ${round}`,
        );
        const cpuAfter = cpuSeconds(side.server.child.pid);
        rounds[side.name].failed += result.failed;
        if (result.failed > 0)
          console.log(`${side.name}: round ${round}: FAILED answers ${JSON.stringify(result.statuses)}`);
        if (round === 0) continue;
        rounds[side.name].rates.push(result.rate);
        rounds[side.name].p99.push(result.p99);
        rounds[side.name].cpu.node += cpuAfter.node - cpuBefore.node;
        rounds[side.name].cpu.postgres += cpuAfter.postgres - cpuBefore.postgres;
        console.log(
          `round ${round} ${side.name}: ${events.length} webhooks, ${Math.round(result.rate)} confirmations/s, p99 ${Math.round(result.p99)} ms`,
        );
      }
    }
    writes = rowWritesPer(writesBefore, await rowWritesOf(sides), ROUNDS * BATCH);
    for (const [name, tables] of Object.entries(writes))
      console.log(`${name}: rows written per confirmation: ${writeWords(tables)}`);

    // Repeats of events already delivered: answered 200, and nothing changes (the audit counts one event each).
    repeats = {};
    for (const side of sides) {
      const again = side.prepared.slice(0, REPEATS).map((item) => item.event);
      repeats[side.name] = await withDeadline(
        deliver(side.seed.url, again, CONNECTIONS),
        120_000,
        `${side.name}: repeated events`,
      );
    }

    audits = {};
    for (const side of sides) {
      const delivered = WARM_UP + ROUNDS * BATCH;
      const found = await withDeadline(
        audit(
          side.seed.databaseUrl,
          side.prepared.slice(0, delivered).map((item) => item.bookingId),
        ),
        120_000,
        `${side.name}: the audit`,
      );
      audits[side.name] = { delivered, found, faults: auditFaults(side.name, found, delivered) };
      console.log(
        `${side.name}: ${JSON.stringify(found.statuses)}; ${ledgerWords(found)}; ${receiptWords(found)}`,
      );
      for (const fault of audits[side.name].faults) console.log(`CHECK FAILED: ${fault}`);
    }

    racing = await raceThenPay(sides.find((side) => side.name === 'now'));
  } finally {
    for (const side of sides)
      await withDeadline(stopProcess(side.server.child), 60_000, `stopping ${side.name}`).catch((error) =>
        console.log(error.message),
      );
    if (old !== undefined) removeWorktree(old.folder);
    rmSync(folder, { recursive: true, force: true });
  }
  const loadAtEnd = loadavg()[0];

  const [before, now] = ['before the ledger', 'now'];
  const rate = (name) => median(rounds[name].rates);
  const ratio = rate(now) / rate(before);
  const cpuPer = (name, part) => Math.round((rounds[name].cpu[part] * 1000) / (ROUNDS * BATCH));
  const won = racing.raced.counts[201] ?? 0;
  const refused = racing.raced.counts[409] ?? 0;
  const raceHeld =
    won === 1 &&
    refused === racing.raced.requests - 1 &&
    racing.raced.serverErrors === 0 &&
    racing.raced.overlaps === 0;
  const winnerFaults = racing.paid === null ? [racing.note] : racing.paid.faults;
  const repeatFaults = Object.entries(repeats)
    .filter(([, result]) => result.failed > 0)
    .map(([name, result]) => `${name}: repeated events answered ${JSON.stringify(result.statuses)}`);
  const roundFaults = Object.entries(rounds)
    .filter(([, result]) => result.failed > 0)
    .map(([name, result]) => `${name}: ${result.failed} webhooks not answered 200`);
  const faults = [
    ...roundFaults,
    ...repeatFaults,
    ...Object.values(audits).flatMap((found) => found.faults),
    ...(raceHeld
      ? []
      : [`the race: ${JSON.stringify(racing.raced.counts)}, ${racing.raced.overlaps} overlaps`]),
    ...winnerFaults,
  ];
  console.log(
    `\nconfirmations: now ${Math.round(rate(now))}/s, before the ledger ${Math.round(rate(before))}/s, ratio ${ratio.toFixed(2)}; race ${JSON.stringify(racing.raced.counts)} (${raceHeld ? 'one winner' : 'BROKEN'}); ${faults.length === 0 ? 'every check held' : `${faults.length} CHECKS FAILED:\n  ${faults.join('\n  ')}`}`,
  );
  const auditRow = (name) => {
    const { delivered, found } = audits[name];
    return `| ${name} | ${found.statuses.confirmed ?? 0} of ${delivered} | ${found.confirmations.once} | ${ledgerWords(found)} | ${receiptWords(found)} |`;
  };
  const winner = racing.paid;
  recordResult(
    'payments',
    `## Payments: confirming a payment with its ledger transaction, beside the product before the ledger

${machine()}; load average ${loadAtStart.toFixed(2)} when the run started, ${loadAtEnd.toFixed(2)} when it ended (the machine is shared: compare
the ratio, measured side by side in one run, not the absolute rates). Two real products on embedded PostgreSQL, started alike
(\`bench/payments/server.ts\`), both running while each is loaded in turn: **now** (this checkout) and **before the ledger**
(\`${old.commit}\`, the parent of ${LEDGER_COMMIT} that added the ledger, checked out as a worktree under /tmp on this checkout's packages).
On each, ${BOOKINGS} mentees (written into the tables and signed in as the integration tests do) each hold one slot of one of ${MENTORS} mentors
(\`POST /api/bookings\`) and start paying (\`POST /api/payments/create\`), ${PREPARE_IN_FLIGHT} at a time: ${sides.map((side) => `${side.name} in ${(side.prepareMs / 1000).toFixed(1)} s`).join(', ')}.
Then the sandbox's signed \`payment_succeeded\` webhook of each (\`POST /api/payments/webhook/sandbox\`, signed as the checkout page signs it)
is delivered from ${CONNECTIONS} kept-alive connections: ${WARM_UP} to warm each side up, then ${ROUNDS} rounds of ${BATCH} per side, alternating, the order turned
each round; a round's rate is its webhooks over its wall time, medians of the rounds. Each confirmation records the event, confirms the booking
and (now) writes the payment's ledger transaction, checked to balance by the database at commit${audits[now].found.receipts === null ? '' : ', and numbers its receipt'}; the product before the ledger
does the rest alike.

| product | confirmations/s | p99 latency | per round |
|---|---|---|---|
| before the ledger (\`${old.commit}\`) | ${Math.round(rate(before))} | ${Math.round(median(rounds[before].p99))} ms | ${rounds[before].rates.map((r) => Math.round(r)).join(', ')} |
| now | ${Math.round(rate(now))} | ${Math.round(median(rounds[now].p99))} ms | ${rounds[now].rates.map((r) => Math.round(r)).join(', ')} |

Ratio now / before the ledger: **${ratio.toFixed(2)}**.

Per confirmation in the rounds, CPU time of the server process and of its PostgreSQL (read from /proc), and rows PostgreSQL counted
as inserted, updated or deleted (its statistics, read ${STATS_FLUSH_MS / 1000} s after the warm-up and after the last round; the mails and other jobs that ran
meanwhile are in them):

| product | CPU, node | CPU, PostgreSQL | rows written |
|---|---|---|---|
${[before, now].map((name) => `| ${name} | ${cpuPer(name, 'node')} ms | ${cpuPer(name, 'postgres')} ms | ${writeWords(writes[name])} |`).join('\n')}

**Afterwards, in SQL.** Every booking whose event was delivered is confirmed, by exactly one \`payment_events\` row with the outcome
\`confirmed\`; then ${REPEATS} of the events were delivered again (answered ${Object.entries(repeats)
      .map(([name, result]) => `${JSON.stringify(result.statuses)} ${name}`)
      .join(', ')}), and the counts below are after those repeats:

| product | confirmed | by exactly one event | ledger | receipts |
|---|---|---|---|---|
${auditRow(before)}
${auditRow(now)}

**The race, with the ledger in place** (the bookings bench's \`race\`, on the product now, after the load above): ${racing.raced.requests} signed-in users ask for
one slot (${racing.raced.slot}) at once → ${Object.entries(racing.raced.counts)
      .map(([status, count]) => `${count} × ${status}`)
      .join(
        ', ',
      )} in ${Math.round(racing.raced.wallMs)} ms; ${racing.raced.overlaps} overlapping live bookings. Exactly one winner: **${raceHeld ? 'yes' : 'no'}**.
${
  winner === null
    ? `The winner's payment could not be tried: ${racing.note}.`
    : `The winner then starts paying, and ${RIVAL_EVENTS} different \`payment_succeeded\` events for that one payment arrive at once (answered ${JSON.stringify(winner.delivered.statuses)}):
the booking is ${winner.found.statuses.confirmed === 1 ? 'confirmed' : `**not confirmed** (${JSON.stringify(winner.found.statuses)})`}, by ${winner.found.confirmations.most} of them; ${ledgerWords(winner.found)}; ${winner.found.receipts === null ? 'no receipts table' : `${winner.found.receipts.receipts} receipt for it`}.`
}

Checks: ${faults.length === 0 ? '**every one held**.' : `**${faults.length} failed**: ${faults.join('; ')}.`}

How to read it: the ratio compares one confirmation now with one before the ledger, on the same machine in the same minutes; below 1 is
what confirming a payment costs more now (the ledger transaction and its four entries, balanced by a deferred trigger at commit${audits[now].found.receipts === null ? '' : ', the receipt numbered from a locked series row'}, and
whatever else the ${LEDGER_COMMIT}..now commits added on the way), not the ledger's cost alone. Both sides also record the event, lock and confirm the
booking (the side before the ledger also drops the hold's expiry job, which a sweep has since replaced), queue the completion, two notices, the mails and the reminders, and send those mails from the same
process meanwhile: the rows written show the ledger's share (ledger_transactions and ledger_entries) of the whole. The counts are what must hold whatever the rates: one
confirmation per booking however often and in however many events the provider tells it, the ledger balanced, receipts with no gap and
no duplicate, and one winner per slot.`,
  );
}
