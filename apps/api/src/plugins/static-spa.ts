import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { isApiPath } from '../lib/api-path';

export const webNotBuiltMessage =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload.';

/** Vite puts content-hashed files under /assets/: they never change, so browsers may keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so it is revalidated on every load. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA from `distDir` with history fallback: any GET that is not a file and not under
 * /api gets index.html with 200, and the SPA's router shows its own 404 page.
 */
export const staticSpa = fp(
  async function staticSpa(app: FastifyInstance, options: { distDir: string }) {
    const indexFile = path.join(options.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ distDir: options.distDir }, 'the web app is not built; only the API is served');
      app.get('/*', { schema: { hide: true } }, async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound();
        throw new AppError('not_found', webNotBuiltMessage);
      });
      return;
    }
    await app.register(fastifyStatic, {
      root: options.distDir,
      // Files are listed once at start-up (dist does not change while the server runs), and
      // everything else falls through to the history fallback below.
      wildcard: false,
      index: false,
      // The web build writes `.br` and `.gz` twins beside each text file (precompress in apps/web/vite.config.ts): sent as
      // they are, with Content-Encoding and `Vary: Accept-Encoding`, the plain file when neither is accepted.
      // The twins are not URLs of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(response, filePath) {
        const relative = path.relative(options.distDir, filePath);
        response.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      return reply
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    });
  },
  { name: 'static-spa' },
);
