#!/usr/bin/env node
// `npm run bench [health|bundle|startup|sockets|roadmaps|mentors|lighthouse|mail|slots|bookings|payments|cluster|marketplace]`: measurements side by side in one run, recorded in bench/RESULTS.md.
// These are not tests: nothing here passes or fails on a time.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { bookingsBench } from './bookings/bench.mjs';
import { clusterBench } from './cluster/bench.mjs';
import {
  THROUGH_THE_FRAMEWORK,
  compareLoad,
  ensureWebBuild,
  freePort,
  machine,
  median,
  recordResult,
  startProcess,
  startProduct,
  stopProcess,
} from './lib.mjs';
import { lighthouseBench } from './lighthouse/bench.mjs';
import { mailBench } from './mail/bench.mjs';
import { marketplaceBench } from './marketplace/bench.mjs';
import { mentorsBench } from './mentors/bench.mjs';
import { paymentsBench } from './payments/bench.mjs';
import { roadmapsBench } from './roadmaps/bench.mjs';
import { slotsBench } from './slots/bench.mjs';
import { socketsBench } from './sockets/bench.mjs';

// Issue 30's target for the JavaScript `/` needs (it was a 150 kB budget before).
const BUNDLE_TARGET_BYTES = 120_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function healthBench() {
  const loadAtStart = loadavg()[0];
  // The demo roadmaps, so the public list is a real one.
  const product = await startProduct({ seedDemo: true });
  const bare = await startProcess(process.execPath, ['bench/servers/bare.mjs'], {
    ready: (line) => line.match(/^listening (\d+)/)?.[1],
  });
  const bareUrl = `http://127.0.0.1:${bare.value}/hello`;
  const healthUrl = `${product.url}/api/health`;
  const publishedUrl = `${product.url}/api/roadmap/published`;
  let rates;
  let p99;
  let publishedBytes;
  try {
    publishedBytes = Buffer.byteLength(await (await fetch(publishedUrl)).text());
    ({ rates, p99 } = await compareLoad(
      {
        bare: bareUrl,
        health: healthUrl,
        published: publishedUrl,
        framework: { url: publishedUrl, headers: THROUGH_THE_FRAMEWORK },
      },
      { rounds: ROUNDS, seconds: SECONDS },
    ));
  } finally {
    await stopProcess(bare.child);
    await product.stop();
  }
  const bareRate = median(rates.bare);
  const healthRate = median(rates.health);
  const publishedRate = median(rates.published);
  const ratio = healthRate / bareRate;
  const publishedRatio = publishedRate / bareRate;
  const frameworkRate = median(rates.framework);
  console.log(
    `\n/api/health: ${Math.round(healthRate)} req/s; /api/roadmap/published: ${Math.round(publishedRate)} req/s; bare Fastify: ${Math.round(bareRate)} req/s; ratios ${ratio.toFixed(2)} and ${publishedRatio.toFixed(2)}`,
  );
  recordResult(
    'health',
    `## GET /api/health and GET /api/roadmap/published against a bare Fastify route

${machine()}; load average ${loadAtStart.toFixed(2)} when the run started (the machine is shared: ratios, measured side by side, are
what to compare; the absolute rates move with the neighbours). 50 connections, ${ROUNDS} alternating rounds of ${SECONDS} s each, medians.
The product runs its whole stack (cookies, origin check, request ids, logging; helmet and the rate limit everywhere but
/api/health) on the embedded PostgreSQL with the demo data. /api/health sends a \`SELECT 1\`, shared by the probes that arrive
while it is on its way; /api/roadmap/published (${publishedBytes} bytes: the demo's public roadmaps) is served from the
roadmap cache, to an anonymous reader by the answer replay before the framework (decision 080); the same list with a
cookie the app reads nothing from goes through the framework. The bare route answers a constant.

| server | requests/s | p99 latency |
|---|---|---|
| bare Fastify \`/hello\` | ${Math.round(bareRate)} | ${median(p99.bare)} ms |
| Skillroute \`/api/health\` | ${Math.round(healthRate)} | ${median(p99.health)} ms |
| Skillroute \`/api/roadmap/published\` | ${Math.round(publishedRate)} | ${median(p99.published)} ms |
| the same through the framework | ${Math.round(frameworkRate)} | ${median(p99.framework)} ms |

Ratio health / bare: **${ratio.toFixed(2)}**; published / bare: **${publishedRatio.toFixed(2)}** (through the framework
${(frameworkRate / bareRate).toFixed(2)}).`,
  );
}

async function bundleBench() {
  ensureWebBuild();
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const pending = [];
  let scripts;
  try {
    const page = await browser.newPage();
    // What went over the wire: the encoded body size Chromium counted for each script, as the server sent it.
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const response = await request.response();
          const { responseBodySize } = await request.sizes();
          return {
            url: request.url(),
            wire: responseBodySize,
            encoding: response?.headers()['content-encoding'] ?? 'none',
            decoded: (await response?.body())?.length ?? 0,
          };
        })(),
      );
    });
    let requested = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested += 1;
    });
    await page.goto(`${product.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Code loaded after the first paint (the toaster, docs/decisions/036) is the page's too: wait until every script
    // asked for has arrived and none more was asked for a second, which networkidle alone misses on a busy machine.
    for (let seen = -1; seen !== requested || pending.length !== requested;) {
      seen = requested;
      await page.waitForTimeout(1000);
    }
    scripts = await Promise.all(pending);
  } finally {
    await browser.close().catch(() => {});
    await product.stop();
  }
  const rows = [];
  let total = 0;
  let decodedTotal = 0;
  for (const script of scripts) {
    total += script.wire;
    decodedTotal += script.decoded;
    rows.push(
      `| \`${new URL(script.url).pathname}\` | ${script.encoding} | ${(script.wire / 1000).toFixed(1)} kB | ${(script.decoded / 1000).toFixed(1)} kB |`,
    );
  }
  const share = total / BUNDLE_TARGET_BYTES;
  const met = total <= BUNDLE_TARGET_BYTES;
  console.log(
    `\nJS for /: ${(total / 1000).toFixed(1)} kB on the wire in ${scripts.length} files; target ${BUNDLE_TARGET_BYTES / 1000} kB ${met ? 'met' : 'not met'} (${(share * 100).toFixed(0)}% of it)`,
  );
  recordResult(
    'bundle',
    `## JavaScript needed for /

${machine()}; every script Chromium fetched to render / (until the network was idle), as the product server sent
it: the encoded body size Chromium received (Playwright's \`request.sizes().responseBodySize\`), without headers.

| file | encoding | on the wire | decoded |
|---|---|---|---|
${rows.join('\n')}
| **total** | | **${(total / 1000).toFixed(1)} kB** | ${(decodedTotal / 1000).toFixed(1)} kB |

Target (issue 30) at most ${BUNDLE_TARGET_BYTES / 1000} kB on the wire: **${met ? 'met' : 'not met'}**; the home page needs
**${(share * 100).toFixed(0)}%** of it (ratio ${share.toFixed(2)}).`,
  );
}

/**
 * `npm start` on a new data folder, then again on the same folder, as the README promises: the first start
 * initialises PostgreSQL, migrates and seeds; the second reuses it all. Timed from spawn to the printed URL.
 */
async function startupBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-start-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its folder
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
  const times = [];
  try {
    for (const run of ['first', 'second', 'third']) {
      const startedAt = performance.now();
      // What `npm start` runs: the web build check, then the server.
      const { child } = await startProcess(process.execPath, ['scripts/start.mjs'], {
        env,
        ready: (line) => (line.includes(`running at http://localhost:${port}`) ? true : undefined),
      });
      const ms = performance.now() - startedAt;
      times.push(ms);
      console.log(`${run} start: ready after ${Math.round(ms)} ms`);
      await stopProcess(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [first, second, third] = times.map((ms) => Math.round(ms));
  recordResult(
    'startup',
    `## Start-up: a new data folder, then the same folder again

${machine()}; \`scripts/start.mjs\` (what \`npm start\` runs: the web build check, then the server with an embedded
PostgreSQL and the demo seed), timed from spawn to the printed URL, with the web app already built. The README promises a second start ready in under 5 s.

| start | ready after |
|---|---|
| first (initdb, migrations, seed) | ${first} ms |
| second (same data) | ${second} ms |
| third (same data) | ${third} ms |

Second start against the 5 s promise: **${((second ?? 0) / 5000).toFixed(2)}** of it.`,
  );
}

const benches = {
  health: healthBench,
  bundle: bundleBench,
  startup: startupBench,
  sockets: socketsBench,
  roadmaps: roadmapsBench,
  mentors: mentorsBench,
  lighthouse: lighthouseBench,
  mail: mailBench,
  slots: slotsBench,
  bookings: bookingsBench,
  payments: paymentsBench,
  cluster: clusterBench,
  marketplace: marketplaceBench,
};
const chosen = process.argv.slice(2);
for (const name of chosen)
  if (!benches[name]) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
// Every section runs even when one before it failed; the run ends with what each took and which failed.
const ran = [];
for (const name of chosen.length > 0 ? chosen : Object.keys(benches)) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  try {
    await benches[name]();
    ran.push({ name, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    console.error(`\n${name} failed:`, error);
    ran.push({
      name,
      seconds: (performance.now() - started) / 1000,
      failed: String(error?.message ?? error),
    });
  }
}
console.log('\n=== summary ===');
for (const { name, seconds, failed } of ran)
  console.log(
    `${name.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s  ${failed === undefined ? 'ran' : `FAILED: ${failed}`}`,
  );
const total = ran.reduce((sum, section) => sum + section.seconds, 0);
console.log(`${'all'.padEnd(12)} ${total.toFixed(0).padStart(5)} s`);
if (ran.some((section) => section.failed !== undefined)) process.exitCode = 1;
