import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { appBehindProxy } from '../../../test/app-behind-proxy';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { TcpProxy } from '../../../test/tcp-proxy';
import { databaseDownMessage } from './service';

describe('GET /api/health', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, proxy, close } = await appBehindProxy());
  });
  afterAll(() => close());

  it('answers 200 {status: ok, db: ok} while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 promptly while the database is unreachable, and 200 again once it is back', async () => {
    proxy.cut();
    // Promptly: the pool's connect timeout answers it; a health check that waited would time the test out.
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: errorMessages.serviceUnavailable, errors: [{ message: databaseDownMessage }], status: 'degraded', db: 'down' });

    // Connections that died with the line were logged, not thrown: the process is still here.
    expect(t.logs.some((line) => line.msg === 'a database connection was lost; the pool will reconnect')).toBe(true);
    proxy.restore();
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('GET /api/health and the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('is never refused with 429, however often a load balancer probes, while other routes are limited', async () => {
    const probe = () => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.7' });
    const answers = await Promise.all(Array.from({ length: 20 }, probe));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers[0]?.headers['x-ratelimit-limit']).toBeUndefined();

    const other = [];
    for (let i = 0; i < 4; i += 1) other.push((await t.app.inject({ method: 'GET', url: '/api/roadmap/published', remoteAddress: '10.0.0.7' })).statusCode);
    expect(other).toEqual([200, 200, 200, 429]);
    expect((await probe()).statusCode).toBe(200);
  });
});
