import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Building a zod schema has no side effect, so a schema nobody uses can go. Without this, importing
      // one constant or label from a shared contract file (e.g. notifications.ts) pulled all of zod
      // (about 27 kB gzip) into every signed-in page with the notification bell.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The api serves REST and socket.io on one origin in production; the dev server forwards both so
    // cookies stay first-party and the app can use relative URLs everywhere.
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/notification-socket': { target: api, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api },
      '/notification-socket': { target: api, ws: true },
    },
  },
});
