import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: real api processes behind nginx (scripts/cluster-lib.mjs) on this machine's
// PostgreSQL and Redis. Not part of the api project's run: scripts/test.mjs runs it when both are reachable.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    environment: 'node',
    include: ['**/*.cluster.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
