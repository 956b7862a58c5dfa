import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { webNotBuiltMessage } from './static-spa';

const indexHtml =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

describe('the SPA, when apps/web/dist exists', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'skillroute-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), indexHtml);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/some/path', '/profile/general', '/roadmap/42?tab=notes'])(
    'serves index.html with 200 for %s (history fallback)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    },
  );

  it('serves hashed assets with a long cache life, other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never serves index.html for /api paths', async () => {
    for (const url of ['/api/nothing', '/api', '/api/health/extra']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(errorMessages.notFound);
    }
  });

  it('answers other methods on unknown paths with the 404 envelope', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/some/path' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(errorMessages.notFound);
  });
});

describe('the SPA, with the .br and .gz twins the web build writes', () => {
  const script = `console.log(${JSON.stringify('app '.repeat(500))})`;
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'skillroute-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const files: [string, string][] = [
      ['index.html', indexHtml],
      [path.join('assets', 'index-abc123.js'), script],
    ];
    for (const [file, text] of files) {
      writeFileSync(path.join(dist, file), text);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
    }
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends brotli when the browser accepts it, keeping the long cache life', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it.each([undefined, 'identity', 'deflate'])(
    'sends the plain file when the browser accepts neither (accept-encoding %s)',
    async (acceptEncoding) => {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.body).toBe(script);
    },
  );

  it.each(['/', '/roadmap/42'])('compresses index.html too, still revalidated (%s)', async (url) => {
    const br = await get(url, 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/html');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(indexHtml);
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(indexHtml);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it('does not serve a twin as a file of its own', async () => {
    const response = await get('/assets/index-abc123.js.br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe(indexHtml);
  });
});

describe('the SPA and the rate limit', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'skillroute-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), indexHtml);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    t = await buildTestApp({ webDistDir: dist, env: { RATE_LIMIT_MAX: '2' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('counts API calls only: pages and their files never use up the budget', async () => {
    for (let load = 0; load < 5; load += 1) {
      for (const url of ['/', '/profile/general', '/assets/index-abc123.js']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
    }
    const statuses = [];
    // Not /api/health: a load balancer's probe is never limited.
    for (let call = 0; call < 3; call += 1)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('the SPA, when the web app is not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says so in a 404 envelope for non-API paths, and keeps the API working', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/explore-mentors' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ message: webNotBuiltMessage, errors: [{ message: webNotBuiltMessage }] });
    expect(webNotBuiltMessage).toContain('npm run build');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).json().message).toBe(
      errorMessages.notFound,
    );
  });
});
