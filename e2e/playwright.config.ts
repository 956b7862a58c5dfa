import { defineConfig, devices } from '@playwright/test';

import { chromiumLaunchOptions } from './support/chromium';
import { appPort as port, baseURL, dataDir, mailboxPorts } from './support/ports';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // CI has two cores, shared by the server, its PostgreSQL and each worker's Chromium.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Sized for that busy two-core machine, not for a quiet laptop: a wait fails on what it waited for,
  // with its own message, well before the test's time is up. 120 s, not 60: on a machine loaded by others the
  // whole lane ran four times slower (1,345 s against 391 s quiet), and a journey of several pages took more
  // than a minute with every one of its waits met.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  outputDir: '../test-results/e2e',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '../test-results/e2e.json' }],
  ],
  use: {
    baseURL,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // No trace by default: recording one for every test cost the suite about a quarter of its time (the same
    // eight journeys, back to back: 82 s with traces, 63 s without; docs/testing-time.md). A failure still keeps
    // its screenshot and the call log; `npx playwright test -c e2e/playwright.config.ts --trace
    // retain-on-failure SPEC` records one when a failure needs reading step by step.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      E2E_SMTP_PORT: String(mailboxPorts.smtp),
      E2E_MAILBOX_PORT: String(mailboxPorts.http),
      E2E_DATA_DIR: dataDir,
    },
    // Ctrl-C for the whole group, as a person would stop it; the server stops PostgreSQL itself.
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
  },
});
