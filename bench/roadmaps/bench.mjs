/* global document, getComputedStyle -- the function passed to waitForFunction runs in the page. */
// `npm run bench -- roadmaps`: one generated roadmap of 1,000 nodes and 1,200 edges in the real product.
// GET /api/roadmap/{id} against a bare Fastify route that sends the same bytes, side by side in one run;
// then the time for /roadmap/{id} to draw every node in Chromium and to open a topic's drawer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { compareLoad, machine, median, recordResult, startProcess, stopProcess } from '../lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RENDER_RUNS = 3;
const NODES = 1000;
const TARGET_MS = 1000;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function throughput(productUrl, roadmapId) {
  const apiUrl = `${productUrl}/api/roadmap/${roadmapId}`;
  const body = await (await fetch(apiUrl)).text();
  const folder = mkdtempSync(path.join(tmpdir(), 'skillroute-bench-json-'));
  const file = path.join(folder, 'roadmap.json');
  writeFileSync(file, body);
  const bare = await startProcess(process.execPath, ['bench/servers/bare.mjs'], {
    env: { BARE_JSON_FILE: file },
    ready: (line) => line.match(/^listening (\d+)/)?.[1],
  });
  const bareUrl = `http://127.0.0.1:${bare.value}/json`;
  try {
    const { rates, p99 } = await compareLoad(
      { bare: bareUrl, api: apiUrl },
      { rounds: ROUNDS, seconds: SECONDS },
    );
    return { bytes: Buffer.byteLength(body), rates, p99 };
  } finally {
    await stopProcess(bare.child);
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Milliseconds from navigation start (the page's own clock) to every node drawn, and from a click to the drawer. */
async function renderTimes(productUrl, roadmapId) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const runs = [];
  try {
    for (let run = 0; run < RENDER_RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${productUrl}/roadmap/${roadmapId}`, { waitUntil: 'commit' });
      // Drawn: every node the viewer renders (those in view) measured and visible, and the outline lists all of them.
      const drawnMs = await page.waitForFunction(
        (count) => {
          const nodes = [...document.querySelectorAll('.react-flow__node')];
          const outline = document.querySelectorAll('nav[aria-label="Roadmap outline"] button').length;
          const visible =
            nodes.length > 0 && nodes.every((node) => getComputedStyle(node).visibility !== 'hidden');
          return visible && outline >= count ? performance.now() : false;
        },
        NODES,
        { polling: 'raf', timeout: 60_000 },
      );
      const drawn = await drawnMs.jsonValue();
      const inView = await page.locator('.react-flow__node').count();
      const clickedAt = await page.evaluate(() => performance.now());
      await page
        .getByRole('navigation', { name: /outline/i })
        .getByRole('button')
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      const openedAt = await page.evaluate(() => performance.now());
      runs.push({ drawn, drawer: openedAt - clickedAt, inView });
      console.log(
        `render ${run + 1}: drawn at ${Math.round(drawn)} ms (${inView} nodes in view, outline of ${NODES}); drawer opened ${Math.round(openedAt - clickedAt)} ms after the click`,
      );
      await context.close();
    }
  } finally {
    await browser.close().catch(() => {});
  }
  return runs;
}

/** Saves of the whole 1,000-node graph, the current write and the one it replaced, in turns in their own process. */
async function saveTimes() {
  const saver = await startProcess(process.execPath, ['--import', 'tsx', 'bench/roadmaps/save.ts'], {
    ready: (line) => line.match(/^result (.+)$/)?.[1],
  });
  if (saver.child.exitCode === null) await new Promise((resolve) => saver.child.once('exit', resolve));
  return JSON.parse(saver.value);
}

export async function roadmapsBench() {
  const loadAtStart = loadavg()[0];
  const save = await saveTimes();
  const server = await startProcess(process.execPath, ['--import', 'tsx', 'bench/roadmaps/server.ts'], {
    ready: (line) => {
      const match = line.match(/^ready (\S+) (\S+)/);
      return match ? { url: match[1], roadmapId: match[2] } : undefined;
    },
  });
  const { url, roadmapId } = server.value;
  let measured;
  try {
    measured = { api: await throughput(url, roadmapId), render: await renderTimes(url, roadmapId) };
  } finally {
    await stopProcess(server.child);
  }
  const { api, render } = measured;
  const bareRate = median(api.rates.bare);
  const apiRate = median(api.rates.api);
  const drawn = median(render.map((run) => run.drawn));
  const drawer = median(render.map((run) => run.drawer));
  const ratio = apiRate / bareRate;
  const saveBefore = median(save.times.before);
  const saveAfter = median(save.times.after);
  console.log(
    `\nGET /api/roadmap/{id}: ${Math.round(apiRate)} req/s; bare: ${Math.round(bareRate)} req/s; ratio ${ratio.toFixed(2)}; drawn at ${Math.round(drawn)} ms`,
  );
  console.log(
    `save of ${save.nodes} nodes: ${saveAfter.toFixed(1)} ms; one UPDATE per node: ${saveBefore.toFixed(1)} ms; ratio ${(saveAfter / saveBefore).toFixed(2)}`,
  );
  recordResult(
    'roadmaps',
    `## A roadmap of 1,000 nodes and 1,200 edges

${machine()}; load average ${loadAtStart.toFixed(2)} when the run started (the machine is shared: compare the ratios, measured
side by side in one run, not the absolute rates). A generated, published roadmap (topics down a spine, nine subtopics each, content for every node)
in the real product on an embedded PostgreSQL.

GET /api/roadmap/{id} (${(api.bytes / 1000).toFixed(0)} kB of JSON, served from the roadmap cache after the first read: the access check on the
cached facts, an ETag, the body serialized once) against a bare
Fastify route sending the same bytes from memory; 50 connections, ${ROUNDS} alternating rounds of ${SECONDS} s each, medians.

| server | requests/s | p99 latency |
|---|---|---|
| bare Fastify, same JSON | ${Math.round(bareRate)} | ${median(api.p99.bare)} ms |
| Skillroute \`GET /api/roadmap/{id}\` | ${Math.round(apiRate)} | ${median(api.p99.api)} ms |

Ratio api / bare: **${ratio.toFixed(2)}**.

/roadmap/{id} in Chromium (1280×800, a new context each run, the page's own clock from navigation start), median of ${RENDER_RUNS}:

| measure | value |
|---|---|
| drawn: the ${median(render.map((run) => run.inView))} nodes in view measured and visible, the outline listing all ${NODES} | ${Math.round(drawn)} ms |
| a topic's drawer open after a click in the outline | ${Math.round(drawer)} ms |

Target rendered and interactive in under 1 s: **${drawn + drawer < TARGET_MS ? 'met' : 'not met'}** (${((drawn + drawer) / TARGET_MS).toFixed(2)} of it).

Saving the whole graph (\`POST /api/roadmap/publish\`'s transaction: the locked read of the roadmap, the graph, the roadmap's row)
of ${save.nodes} nodes, ${save.edges} edges and content for every node, on the same embedded PostgreSQL; the two writes take turns,
${save.rounds} saves each after one warm-up, medians (min–max):

| write | statements | save time |
|---|---|---|
| one UPDATE per node (before) | ${save.nodes + 7} | ${saveBefore.toFixed(1)} ms (${Math.min(...save.times.before).toFixed(1)}–${Math.max(...save.times.before).toFixed(1)}) |
| \`replaceGraph\`: every list as one \`jsonb_to_recordset\` parameter | 6 | ${saveAfter.toFixed(1)} ms (${Math.min(...save.times.after).toFixed(1)}–${Math.max(...save.times.after).toFixed(1)}) |

Save time after / before: **${(saveAfter / saveBefore).toFixed(2)}**.`,
  );
}
