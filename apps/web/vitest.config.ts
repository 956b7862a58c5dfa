import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';
import { catalogues } from './i18n-catalogues';

/** Runs in a project of its own (vitest.store.config.ts): its subject is a fresh module graph and window. */
export const storeTest = 'src/app/store.test.tsx';

export default defineProject({
  plugins: [react(), catalogues()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, storeTest],
    restoreMocks: true,
    // A lazy chunk that finishes loading after its test (React then warns about act) logs while the worker
    // closes; through vitest's console interception that log is an RPC still pending at teardown, which failed a
    // whole run whose tests had all passed ("Closing rpc while onUserConsoleLog was pending"). Written straight
    // to the worker's output instead, it cannot.
    disableConsoleIntercept: true,
    // A page test renders through the router and types like a person: a second or two on a quiet machine,
    // several times that on a busy two-core one, where vitest's default 5 s failed tests that were fine.
    testTimeout: 30_000,
    // One jsdom window and one module graph for the files of a worker, instead of a new process that loads
    // jsdom and imports React, the router and the store again for each of 60-odd files: that was 40 % of the
    // project's time (docs/testing-time.md). src/test/setup.ts resets what a file leaves behind (the DOM, local
    // storage, the socket factory, the toasts, the first-roadmap flag, React's act environment).
    isolate: false,
  },
});
