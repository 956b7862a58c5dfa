import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions over zod schemas, no module state: one module graph per worker instead of one per file.
  test: { name: 'shared', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
