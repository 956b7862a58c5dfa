#!/usr/bin/env node
// `npm start`: build the web app only when its sources changed since the last build, then run the api
// (which serves the built app), passing signals on and ending with its exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
/** What the web build reads: its own folder (sources, index.html, configs) and the shared package. */
const buildInputs = [path.join(root, 'apps/web'), path.join(root, 'packages/shared/src')];
const notInputs = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test-results']);
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time of any build input below `dir` (0 when there is none). */
function newestInput(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (notInputs.has(entry.name) || isTestFile(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestInput(full));
    else if (entry.isFile()) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return 'the web app has not been built yet';
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = buildInputs.filter((dir) => existsSync(dir) && newestInput(dir) > builtAt);
  return changed.length > 0
    ? `${changed.map((dir) => path.relative(root, dir)).join(' and ')} changed since the last build`
    : null;
}

const staleBecause = webBuildIsStale();
if (staleBecause) {
  console.log(`Building the web app: ${staleBecause}.`);
  const build = spawnSync('npm', ['run', 'build', '-w', '@skillroute/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(
      'The web app did not build (see above); fix it, or run the api alone with `npm start -w @skillroute/api`.',
    );
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});

// A terminal's Ctrl-C reaches the server directly (same process group); a signal sent to this process
// alone (a service manager, `npm` stopping us) is passed on. The server ignores a repeated signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  if (signal) {
    // End the same way the server did, so whoever started us sees the signal too.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 1);
});
