import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-path';

const weakenEtagOfEncodedBody: onSendHookHandler = async (_request, reply, payload) => {
  const etag = reply.getHeader('etag');
  if (reply.getHeader('content-encoding') !== undefined && typeof etag === 'string' && etag.startsWith('"'))
    reply.header('etag', `W/${etag}`);
  return payload;
};

/** Below this a JSON body is sent as it is: the headers and the compressor's setup would cost more than they save. */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The API's answers (JSON) compressed on the fly (docs/decisions/022), brotli when the client takes it, else gzip.
 * Only routes under /api: the web build's files are compressed once at build time and served as they are
 * (static-spa.ts), and whatever already has a Content-Encoding is left alone. Request bodies are not decompressed: no route takes an
 * encoded body. socket.io answers on the HTTP server before Fastify routes a request, so its traffic never
 * reaches this hook.
 */
export const jsonCompression = fp(
  async function jsonCompression(app: FastifyInstance) {
    // Before @fastify/compress reads each route's `compress` option: only the API's routes take part.
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) route.compress = false;
    });
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      // Pinned, so a newer Node with zstd in node:zlib does not change what goes out.
      encodings: ['br', 'gzip'],
      threshold: JSON_COMPRESSION_THRESHOLD_BYTES,
      // Quality 4: most of brotli's gain for a fraction of its time at the highest levels (the plugin's default too).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    // The compressed bytes are another representation of the same JSON, so a strong ETag on them would be wrong
    // (RFC 9110 §8.8.1): it becomes weak, which If-None-Match still compares alike for a GET (304 as before).
    // @fastify/compress adds its hook to each route, after the app's own, so this one is added the same way, after it.
    app.addHook('onRoute', (route) => {
      route.onSend = [route.onSend ?? []].flat().concat(weakenEtagOfEncodedBody);
    });
  },
  { name: 'json-compression' },
);
