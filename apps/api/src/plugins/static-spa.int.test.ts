import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { webNotBuiltMessage } from './static-spa';

const indexHtml = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

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

  it.each(['/', '/some/path', '/profile/general', '/roadmap/42?tab=notes'])('serves index.html with 200 for %s (history fallback)', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
  });

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
    for (let call = 0; call < 3; call += 1) statuses.push((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
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
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).json().message).toBe(errorMessages.notFound);
  });
});
