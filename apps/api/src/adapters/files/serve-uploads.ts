import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX } from './disk-store';
import { IMMUTABLE_CACHE_CONTROL } from './file-store';

/**
 * Publishes the disk store's folder read-only at /uploads/* (GET and HEAD only; no listings, no dotfiles).
 * Only registered when FILE_STORAGE=disk: with S3 the bucket serves the files.
 */
export async function serveUploads(app: FastifyInstance, options: { uploadsDir: string }): Promise<void> {
  // @fastify/static wants its root to exist; the first upload would create it anyway.
  mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: UPLOADS_URL_PREFIX,
    // The SPA's own @fastify/static instance owns reply.sendFile.
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Folders are never listed, and a file still being written is not published until it is renamed into place.
    allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.endsWith('.partial'),
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
    },
    schemaHide: true,
  });
}
