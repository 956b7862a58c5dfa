// The real server for the browser suite: a fresh data folder (embedded PostgreSQL, demo seed) per run,
// mail delivered over SMTP to a capture the tests can read, all removed when Playwright stops the server.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startMailbox } from './mailbox.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its folder

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailbox = await startMailbox({ smtpPort, httpPort: Number(process.env.E2E_MAILBOX_PORT) });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    NODE_ENV: 'test',
    // The suite is one client address making dozens of accounts, from two browsers at once: on a fast machine it
    // asks more than a person's 300 a minute. The limits themselves are tested by the api's own tests.
    SIGN_UP_LIMIT_PER_HOUR: '1000',
    RATE_LIMIT_MAX: '100000',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Skillroute <no-reply@skillroute.test>',
  },
});

// Playwright signals the whole process group; the server shuts itself (and PostgreSQL) down on it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
server.on('exit', async (code) => {
  await mailbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
