import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_COMPRESSION_THRESHOLD_BYTES, jsonCompression } from './json-compression';

const large = { items: Array.from({ length: 200 }, (_, index) => ({ id: index, label: `Topic ${index}` })) };
const largeJson = JSON.stringify(large);
// Far above the synchronous path's limit, so the streaming path is covered too.
const huge = { items: Array.from({ length: 5000 }, (_, index) => ({ id: index, label: `Topic ${index}` })) };

const app = Fastify({ logger: false });
beforeAll(async () => {
  await app.register(jsonCompression);
  app.get('/api/large', async () => large);
  app.get('/api/huge', async () => huge);
  app.get('/api/small', async () => ({ ok: true }));
  app.get('/api/tagged', async (_request, reply) =>
    reply.header('etag', '"abc"').type('application/json; charset=utf-8').send(largeJson),
  );
  // Outside /api: the SPA's files, which the web build compressed already.
  app.get('/page', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send('<p>'.repeat(2000)),
  );
  app.get('/data.json', async () => large);
  app.get('/api/encoded', async (_request, reply) =>
    reply.header('content-encoding', 'gzip').type('application/json').send(gzipSync(largeJson)),
  );
  app.post('/api/echo', async (request) => request.body);
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('jsonCompression', () => {
  it('sends JSON above the threshold in brotli when the client takes it, else gzip', async () => {
    expect(largeJson.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD_BYTES);
    const br = await get('/api/large', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(largeJson.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(large);

    const gzip = await get('/api/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(large);

    const streamed = await get('/api/huge', { 'accept-encoding': 'br' });
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(streamed.rawPayload).toString())).toEqual(huge);
  });

  it('sends the plain body to a client that takes no encoding, and small bodies always', async () => {
    for (const response of [
      await get('/api/large'),
      await get('/api/large', { 'accept-encoding': 'identity' }),
    ]) {
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toEqual(large);
    }
    const small = await get('/api/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('leaves routes outside /api and already encoded bodies alone', async () => {
    for (const url of ['/page', '/data.json'])
      expect((await get(url, { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    const encoded = await get('/api/encoded', { 'accept-encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString())).toEqual(large);
  });

  it('makes a strong ETag weak on a compressed body only', async () => {
    expect((await get('/api/tagged', { 'accept-encoding': 'br' })).headers.etag).toBe('W/"abc"');
    expect((await get('/api/tagged')).headers.etag).toBe('"abc"');
  });

  it('does not decompress request bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(largeJson),
    });
    expect(response.statusCode).toBe(400);
  });
});
