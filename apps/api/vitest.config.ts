import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL for the run, with a migrated template each test file clones (decision 007).
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own cloned database (test/helpers.ts) and closes it, and the modules
    // hold no state a file could leak to the next, so the files need no process of their own: one worker
    // imports the app's module graph once instead of once per file, which was most of the project's time
    // (decision 038, docs/testing-time.md). Workers stay vitest's default (one on a two-core machine), so
    // the 200-request races keep the cores to themselves as before.
    isolate: false,
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
