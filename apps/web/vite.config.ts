import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogues } from './i18n-catalogues';
import { routePreloads } from './route-preloads';

const api = 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, once, at the highest levels: the
 * server (apps/api/src/plugins/static-spa.ts, `preCompressed`) sends them as they are, so no request pays for compression.
 * A twin is only written when it is smaller than the file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'skillroute:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const file = path.join(outDir, fileName);
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * recharts 3 keeps each chart's state in Redux Toolkit, as the app keeps its own. A module shared by the entry and a
 * lazy chunk lives in the entry's chunk with every export either one uses, so the home page would carry RTK's
 * listener middleware, which only the charts use (1.2 kB brotli, measured with `npm run bench -- bundle`). The
 * charts therefore get RTK's other ESM build (the same code, transpiled for older browsers), a module of their own
 * that stays in the admin dashboard's charts chunk. Each chart makes its own store, so two copies never meet.
 */
function chartsOwnToolkit(): Plugin {
  return {
    name: 'skillroute:charts-own-toolkit',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        source !== '@reduxjs/toolkit' ||
        importer === undefined ||
        !importer.includes('/node_modules/recharts/')
      )
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const entry = /redux-toolkit\.(?:modern|browser)\.mjs$/;
      if (resolved === null || !entry.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id.replace(entry, 'redux-toolkit.legacy-esm.js') };
    },
  };
}

/**
 * Two packages send every bundler a build that their own production build improves on: React Router its development
 * build, whose warnings (checks on routes and navigations) only the production one leaves out, and Immer a readable
 * one, where its production build is already minified. Each pair is the same code and version. The build takes the
 * production ones (0.8 kB brotli off the entry chunk together); the dev server and the tests keep the others.
 */
const PRODUCTION_BUILDS: Record<string, [RegExp, string]> = {
  'react-router': [/\/react-router\/dist\/development\//, '/react-router/dist/production/'],
  immer: [/\/immer\/dist\/immer\.mjs$/, '/immer/dist/immer.production.mjs'],
};

function productionBuilds(): Plugin {
  return {
    name: 'skillroute:production-builds',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const swap = PRODUCTION_BUILDS[source];
      if (swap === undefined) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null) return null;
      const [development, production] = swap;
      if (!development.test(resolved.id))
        throw new Error(`production-builds: ${source} resolved to ${resolved.id}`);
      return { ...resolved, id: resolved.id.replace(development, production) };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    catalogues(),
    chartsOwnToolkit(),
    productionBuilds(),
    tailwindcss(),
    // The pages a visit most often starts on, with the modules their routes import (src/app/routes.tsx).
    routePreloads(import.meta.dirname, [
      {
        path: /^\/$/,
        modules: ['src/app/pages/home.ts'],
      },
      {
        path: /^\/roadmap\/([^/]+)\/?$/,
        modules: ['src/features/roadmaps/pages/roadmap-page.tsx'],
        reads: ['/api/roadmap/$1'],
      },
      { path: /^\/login\/?$/, modules: ['src/features/auth/pages/login-page.tsx'] },
      { path: /^\/signup\/?$/, modules: ['src/features/auth/pages/signup-page.tsx'] },
      // Shared links: a search (filters in the URL) and a mentor's profile.
      { path: /^\/explore-mentors\/?$/, modules: ['src/features/mentors/pages/explore-mentors-page.tsx'] },
      {
        path: /^\/mentor-profile\/([^/]+)\/?$/,
        // The profile's words (its largest paint, the bio) come from this read: asked beside the entry, not after it.
        reads: ['/api/mentor/details/$1'],
        // The free hours and the booking panel load after the profile's first picture: not preloaded.
        modules: ['src/features/mentors/pages/mentor-profile-page.tsx', 'src/app/pages/not-found-page.tsx'],
      },
      // The link of the confirmation mail and the .ics.
      { path: /^\/meet\/[^/]+\/?$/, modules: ['src/features/meet/pages/meet-page.tsx'] },
    ]),
    precompress(),
  ],
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
      // On a phone's connection each script costs a round trip on one of six HTTP/1.1 connections, and /, /login and
      // /roadmap/{id} fetched 14, 23 and 24 scripts (now 5, 7 and 11, plus route-preloads.ts's). Everything the entry
      // imports statically goes in one chunk, since every page needs all of it; small chunks shared by a few pages are
      // copied into each reader, where Rolldown's runtime keeps one module state for the copies (this needs the flag
      // below and its strict execution order, which Rolldown turns on).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
          // Styles stay in their own files: Vite's CSS plugin would emit a copied module's CSS once per copy.
          experimentalInlineCommonChunks: { maxSize: 6000, exclude: /\.css(?:\?|$)/ },
        },
      },
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
