#!/usr/bin/env node
// `npm test`: every check the project has, in one run, ending with one line `N passed, N failed`.
// Typecheck and lint count as one check each; vitest and Playwright report their own test counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { APT_WAITS_FOR_LOCK, ensureNginx, reachable } from './cluster-lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'skillroute-test-'));
const tally = { passed: 0, failed: 0 };
const problems = [];
/** Names (and first message line) of failed tests, repeated at the very end so a truncated log still shows them. */
const failures = [];

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds} s)`);
  return ok;
}

/** A check that is one pass or one failure (a typecheck, the lint). */
function count(label, ok) {
  if (ok) tally.passed += 1;
  else {
    tally.failed += 1;
    problems.push(label);
  }
}

/** Like run, but in the background: the output is kept and printed whole when the command ends, so lanes side by side do not interleave. */
function runQuietly(label, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1', ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok, extra = '') => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `\n▶ ${label}: ${[command, ...args].join(' ')}\n${Buffer.concat(output).toString('utf8')}${extra}${ok ? '✔' : '✘'} ${label} (${seconds} s)`,
      );
      resolve(ok);
    };
    child.on('error', (error) => finish(false, `${error.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}

/** A message's first non-empty lines, the later ones indented under the failure's name. */
function firstLines(text = '', count) {
  return stripVTControlCharacters(String(text))
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, count)
    .join('\n      ');
}

/**
 * The JSON report holds stacks, not messages; vitest 4 builds a timeout's stack from a placeholder error
 * without putting its message in, so a timed-out test or hook reads only "Error: STACK_TRACE_ERROR".
 */
function vitestMessage(failure) {
  const line = firstLines(failure, 1);
  return line === 'Error: STACK_TRACE_ERROR'
    ? 'timed out (testTimeout or hookTimeout; vitest reports it as STACK_TRACE_ERROR)'
    : line;
}

function failedVitestTests(report) {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`${name}: ${firstLines(file.message, 1)}`];
    return tests.map((test) => `${name} › ${test.fullName}: ${vitestMessage(test.failureMessages?.[0])}`);
  });
}

function failedPlaywrightTests(report) {
  const found = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        // A soft expectation's first line is only its label; what was received follows it.
        const error = test.results?.at(-1)?.error?.message;
        found.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLines(error, 12)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return found;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A Devanagari font, so the Hindi pages draw their letters in the suite's screenshots (Debian's Lohit, 187 kB). */
const DEVANAGARI_FONT = '/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf';

/**
 * Debian's Chromium is the only browser the suite uses, in its headless shell (decision 077); install it, and the
 * Devanagari font the Hindi pages need, when missing (we run as root in CI).
 */
function ensureChromium() {
  const missing = [
    ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
    [DEVANAGARI_FONT, 'fonts-lohit-deva'],
  ]
    .filter(([file]) => !existsSync(file))
    .map(([, name]) => name);
  if (missing.length === 0) return true;
  console.log(`Missing for the browser tests: installing Debian's ${missing.join(' and ')}.`);
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    console.error(
      `Not running as root: install them yourself with \`sudo apt-get install -y ${missing.join(' ')}\`.`,
    );
    return false;
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  return (
    run('apt-get update', 'apt-get', [...APT_WAITS_FOR_LOCK, 'update', '-qq'], env) &&
    run(
      `install ${missing.join(' ')}`,
      'apt-get',
      [...APT_WAITS_FOR_LOCK, 'install', '-y', '-qq', ...missing],
      env,
    )
  );
}

/** Vitest's JSON report added to the tally; `label` names the run in the list of problems. */
function tallyVitest(label, ok, report) {
  if (report) {
    tally.passed += report.numPassedTests;
    tally.failed += report.numFailedTests;
    if (!ok && report.numFailedTests === 0) {
      // A suite that failed to load or an unhandled error fails the run without failing a single test.
      tally.failed += 1;
      problems.push(`${label} (a file failed to run or an error was unhandled)`);
    } else if (report.numFailedTests > 0) {
      problems.push(label);
      failures.push(...failedVitestTests(report));
    }
  } else {
    tally.failed += 1;
    problems.push(`${label} (no report)`);
  }
}

const npx = 'npx';
/** `vitest run` with `options`, its usual output, and a JSON report in `report` for the tally. */
const vitestArgs = (report, options) => [
  'vitest',
  'run',
  ...options,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

// Three lanes side by side on the two cores, each waiting on work of its own for part of the time (the api's
// files on PostgreSQL, the browser journeys on the server and on Chromium): the web build and the browser
// journeys from the start, then the web's test files; the api's (with the shared and tooling) test files, then
// the cluster tests; the static checks one after another. The lanes take about as long as each other
// (docs/testing-time.md). Two vitest runs rather than one run with two workers: the api's files still run one at
// a time (the 200-request races keep their pool to themselves). The static checks have no clock to beat, so they
// run at a lower priority (nice): the lanes whose tests wait on timeouts get the cores first.
const vitestRun = async (label, projects) => {
  const report = path.join(reports, `${label.replace(/[^a-z]+/gi, '-')}.json`);
  const ok = await runQuietly(
    label,
    npx,
    vitestArgs(
      report,
      projects.flatMap((name) => ['--project', name]),
    ),
  );
  return { label, ok, report };
};
const staticChecks = async () => {
  const results = [];
  const niced = (label, args) => runQuietly(label, 'nice', ['-n', '10', npx, ...args]);
  for (const project of ['packages/shared', 'apps/api', 'apps/web', 'e2e', 'bench']) {
    const label = `typecheck ${project}`;
    results.push([label, await niced(label, ['tsc', '-p', project])]);
  }
  results.push(['lint', await niced('lint', ['eslint', '.', '--max-warnings=0'])]);
  results.push(['format', await niced('format', ['prettier', '--check', '.'])]);
  return results;
};

// The cluster (api processes behind nginx) needs this machine's PostgreSQL and Redis services.
const clusterNeeds = [
  ['PostgreSQL', 5432],
  ['Redis', 6379],
];
const missing = [];
for (const [name, port] of clusterNeeds)
  if (!(await reachable(`tcp://127.0.0.1:${port}`))) missing.push(`${name} at 127.0.0.1:${port}`);
const clusterReady = missing.length === 0 && ensureNginx();
const clusterTests = async () => {
  if (missing.length > 0) {
    console.log(
      `\n▷ cluster tests skipped: nothing listens for ${missing.join(' or ')} (npm run test:cluster needs both).`,
    );
    return null;
  }
  if (!clusterReady) return { label: 'cluster tests', ok: false, report: null, problem: 'nginx install' };
  const report = path.join(reports, 'cluster.json');
  const ok = await runQuietly(
    'cluster tests',
    npx,
    vitestArgs(report, ['-c', 'apps/api/test/cluster/vitest.config.ts']),
  );
  return { label: 'cluster tests', ok, report };
};

// Browser journeys against the real server, on the freshly built web app.
const browserReady = ensureChromium();
const e2eReport = path.join(reports, 'e2e.json');
const browserTests = async () => {
  const built = await runQuietly('build the web app', 'npm', ['run', 'build', '-w', '@skillroute/web']);
  if (!browserReady || !built) return { ok: false, problem: browserReady ? 'web build' : 'chromium install' };
  const ok = await runQuietly(
    'browser tests',
    npx,
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport,
    },
  );
  return { ok };
};

const lanesStarted = Date.now();
const [[browser, webRun], [apiRun, clusterRun], checks] = await Promise.all([
  browserTests().then(async (result) => [result, await vitestRun('vitest web', ['web', 'web-store'])]),
  vitestRun('vitest api, shared and tooling', ['api', 'shared', 'tooling']).then(async (run) => [
    run,
    await clusterTests(),
  ]),
  staticChecks(),
]);
console.log(`\nall lanes side by side: ${((Date.now() - lanesStarted) / 1000).toFixed(1)} s`);
for (const [label, ok] of checks) count(label, ok);
for (const { label, ok, report } of [apiRun, webRun]) tallyVitest(label, ok, readJson(report));
if (clusterRun?.problem) {
  tally.failed += 1;
  problems.push(clusterRun.problem);
} else if (clusterRun) tallyVitest(clusterRun.label, clusterRun.ok, readJson(clusterRun.report));

if (browser.problem) {
  tally.failed += 1;
  problems.push(browser.problem);
} else {
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    tally.passed += e2e.stats.expected + e2e.stats.flaky;
    tally.failed += e2e.stats.unexpected;
    if (!browser.ok && e2e.stats.unexpected === 0) {
      tally.failed += 1;
      problems.push('playwright (the run failed outside a test)');
    } else if (e2e.stats.unexpected > 0) {
      problems.push('playwright');
      failures.push(...failedPlaywrightTests(e2e));
    }
  } else {
    tally.failed += 1;
    problems.push('playwright (no report)');
  }
}

if (process.env.KEEP_REPORTS) console.log(`\nreports kept in ${reports}`);
else rmSync(reports, { recursive: true, force: true });
if (problems.length > 0) console.log(`\nFailed: ${problems.join(', ')}`);
for (const failure of failures) console.log(`  ✘ ${failure.slice(0, 1200)}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
