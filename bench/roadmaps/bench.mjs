/* global document, getComputedStyle -- the function passed to waitForFunction runs in the page. */
// `npm run bench -- roadmaps`: one generated roadmap of 1,000 nodes and 1,200 edges in the real product.
// GET /api/roadmap/{id} against a bare Fastify route that sends the same bytes, side by side in one run;
// then, in Chromium, the time for /roadmap/{id} to draw its picture, for React Flow to take over once the reader
// reaches for the graph, and to open a topic's drawer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { compareLoad, machine, median, recordResult, startProcess, stopProcess } from '../lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RENDER_RUNS = 3;
const NODES = 1000;
const TARGET_MS = 500;
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

/** A wait that ends by itself: its value, or an error that says what never happened. */
async function within(what, promise) {
  try {
    return await promise;
  } catch (error) {
    throw new Error(`${what} did not happen within its deadline: ${error.message.split('\n')[0]}`);
  }
}

/**
 * Milliseconds (the page's own clock) from navigation start to the picture drawn, and to the whole outline listed;
 * from the reader reaching for the graph (the pointer over it) to React Flow drawn and interactive in its place; and
 * from a click in the outline to the topic's drawer. The roadmap opens as a picture (RoadmapCanvas): React Flow loads only when the
 * reader reaches for it, so each is measured on its own, and every wait has a deadline.
 */
async function renderTimes(productUrl, roadmapId) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const runs = [];
  try {
    for (let run = 0; run < RENDER_RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${productUrl}/roadmap/${roadmapId}`, { waitUntil: 'commit' });
      // The picture: its topics in view drawn, and the outline's topics in view listed (its box filled, or every
      // topic listed). The outline draws its first rows with the page and the rest after the picture (all still
      // in the page for find-in-page and screen readers): the time to the whole outline is measured next.
      const pictured = await within(
        'the picture of the roadmap',
        page.waitForFunction(
          (count) => {
            const picture = document.querySelector('[data-roadmap-picture]');
            const outline = document.querySelector('nav[aria-label="Roadmap outline"]');
            const box = outline?.closest('aside');
            const listed = outline?.querySelectorAll('button').length ?? 0;
            const inView = listed > 0 && (listed >= count || (box && box.scrollHeight > box.clientHeight));
            return picture && picture.querySelector('[data-id]') && inView ? performance.now() : false;
          },
          NODES,
          { polling: 'raf', timeout: 60_000 },
        ),
      );
      const picture = await pictured.jsonValue();
      const listedAll = await within(
        'the whole outline',
        page.waitForFunction(
          (count) =>
            document.querySelectorAll('nav[aria-label="Roadmap outline"] button').length >= count
              ? performance.now()
              : false,
          NODES,
          { polling: 'raf', timeout: 60_000 },
        ),
      );
      const outlined = await listedAll.jsonValue();
      const inView = await page.locator('[data-roadmap-picture] [data-id]').count();
      // The reader reaches for the graph: React Flow's chunk loads and draws; the picture goes once it has.
      const graph = page.getByRole('group', { name: /the roadmap as a graph$/ });
      const reachedAt = await page.evaluate(() => performance.now());
      await graph.hover();
      const flowed = await within(
        'React Flow in place of the picture',
        page.waitForFunction(
          () => {
            const nodes = document.querySelectorAll('.react-flow__node');
            const visible = [...nodes].some((node) => getComputedStyle(node).visibility !== 'hidden');
            return visible && !document.querySelector('[data-roadmap-picture]') ? performance.now() : false;
          },
          undefined,
          { polling: 'raf', timeout: 60_000 },
        ),
      );
      const interactive = (await flowed.jsonValue()) - reachedAt;
      const clickedAt = await page.evaluate(() => performance.now());
      await page
        .getByRole('navigation', { name: /outline/i })
        .getByRole('button')
        .first()
        .click({ timeout: 30_000 });
      await within('the topic drawer', page.getByRole('dialog').waitFor({ timeout: 30_000 }));
      const openedAt = await page.evaluate(() => performance.now());
      runs.push({ picture, outlined, interactive, drawer: openedAt - clickedAt, inView });
      console.log(
        `render ${run + 1}: picture at ${Math.round(picture)} ms (${inView} topics in view), the outline's ${NODES} topics at ${Math.round(outlined)} ms; React Flow ${Math.round(interactive)} ms after the reach; drawer ${Math.round(openedAt - clickedAt)} ms after the click`,
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
  const picture = median(render.map((run) => run.picture));
  const outlined = median(render.map((run) => run.outlined));
  const interactive = median(render.map((run) => run.interactive));
  const drawer = median(render.map((run) => run.drawer));
  const ratio = apiRate / bareRate;
  const saveBefore = median(save.times.before);
  const saveAfter = median(save.times.after);
  console.log(
    `\nGET /api/roadmap/{id}: ${Math.round(apiRate)} req/s; bare: ${Math.round(bareRate)} req/s; ratio ${ratio.toFixed(2)}; picture at ${Math.round(picture)} ms; React Flow ${Math.round(interactive)} ms after the reach`,
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
| the picture: the ${median(render.map((run) => run.inView))} topics in view drawn, and the outline's topics in view listed (from navigation start) | ${Math.round(picture)} ms |
| the outline listing all ${NODES} topics (from navigation start) | ${Math.round(outlined)} ms |
| React Flow drawn in its place, from the pointer reaching the graph | ${Math.round(interactive)} ms |
| a topic's drawer open after a click in the outline | ${Math.round(drawer)} ms |

Targets (issue 30), each under ${TARGET_MS} ms on a quiet machine: the picture **${picture < TARGET_MS ? 'met' : 'not met'}** (${(picture / TARGET_MS).toFixed(2)} of it);
React Flow interactive after the reach **${interactive < TARGET_MS ? 'met' : 'not met'}** (${(interactive / TARGET_MS).toFixed(2)} of it).

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
