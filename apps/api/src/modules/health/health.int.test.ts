import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { appBehindProxy } from '../../../test/app-behind-proxy';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { TcpProxy } from '../../../test/tcp-proxy';
import {
  closeAllSockets,
  connectedSocket,
  createSignedInUser,
  disconnectionOf,
  listen,
} from '../../../test/sockets';
import { databaseDownMessage, drainingMessage } from './service';

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
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('answers 503 promptly while the database is unreachable, and 200 again once it is back', async () => {
    proxy.cut();
    // Promptly: the pool's connect timeout answers it; a health check that waited would time the test out.
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: errorMessages.serviceUnavailable,
      errors: [{ message: databaseDownMessage }],
      status: 'degraded',
      db: 'down',
      storage: 'ok',
    });

    // Connections that died with the line were logged, not thrown: the process is still here.
    expect(
      t.logs.some((line) => line.msg === 'a database connection was lost; the pool will reconnect'),
    ).toBe(true);
    proxy.restore();
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
  });
});

describe('GET /api/health and the data folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const health = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { statusCode: response.statusCode, body: response.json() as unknown };
  };
  /** Probes until the answer is `expected` (an answer is cached for a moment, so a change shows a little later). */
  const healthBecomes = async (expected: unknown) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await health();
      if (JSON.stringify(answer.body) === JSON.stringify(expected)) return answer;
      if (Date.now() > deadline) throw new Error(`health still answers ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('says storage: unwritable (degraded, still 200) while the uploads folder takes no files, and ok once it does', async () => {
    expect(await health()).toEqual({ statusCode: 200, body: { status: 'ok', db: 'ok', storage: 'ok' } });

    // Root writes through permission bits, so the folder is made unwritable by becoming a file.
    const uploadsDir = path.join(t.config.dataDir, 'uploads');
    renameSync(uploadsDir, `${uploadsDir}-aside`);
    writeFileSync(uploadsDir, 'not a folder');
    const degraded = await healthBecomes({ status: 'degraded', db: 'ok', storage: 'unwritable' });
    // Still 200: a data folder the replicas share would otherwise take every one of them out of the balancer.
    expect(degraded.statusCode).toBe(200);
    expect(
      t.logs.filter(
        (line) => line.msg === 'health check: the data folder cannot be written; uploads will fail',
      ),
    ).toEqual([expect.objectContaining({ folder: uploadsDir, reason: 'it is a file' })]);

    rmSync(uploadsDir);
    renameSync(`${uploadsDir}-aside`, uploadsDir);
    expect((await healthBecomes({ status: 'ok', db: 'ok', storage: 'ok' })).statusCode).toBe(200);
    // The probes leave nothing behind in the folder.
    expect(readdirSync(uploadsDir)).toEqual([]);
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
    for (let i = 0; i < 4; i += 1)
      other.push(
        (await t.app.inject({ method: 'GET', url: '/api/roadmap/published', remoteAddress: '10.0.0.7' }))
          .statusCode,
      );
    expect(other).toEqual([200, 200, 200, 429]);
    expect((await probe()).statusCode).toBe(200);
  });
});

describe('draining (SIGTERM)', () => {
  let t: TestApp;
  let baseUrl: string;
  let releaseSlowRequest: () => void = () => undefined;
  let slowRequestStarted: () => void = () => undefined;
  const slowRequestArrived = new Promise<void>((resolve) => (slowRequestStarted = resolve));
  const slowRoutes: FastifyPluginAsyncZod = async (app) => {
    app.get('/api/test-slow', async () => {
      slowRequestStarted();
      await new Promise<void>((resolve) => (releaseSlowRequest = resolve));
      return { finished: true };
    });
  };
  beforeAll(async () => {
    t = await buildTestApp({ extraRoutes: [slowRoutes], env: { RATE_LIMIT_MAX: '3' } });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    releaseSlowRequest();
    closeAllSockets();
    await t.close();
  });

  it('answers 503 {status: draining} at once, never 429, while every other route is still served', async () => {
    const user = await createSignedInUser(t, 'draining@example.org');
    const socket = await connectedSocket(baseUrl, user.cookie);

    t.app.lifecycle.drain();
    const probes = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' }),
      ),
    );
    for (const probe of probes) {
      expect(probe.statusCode).toBe(503);
      expect(probe.json()).toEqual({
        message: errorMessages.serviceUnavailable,
        errors: [{ message: drainingMessage }],
        status: 'draining',
        db: 'ok',
        storage: 'ok',
      });
      // A balancer's keep-alive connection to a process on its way out is not reused.
      expect(probe.headers.connection).toBe('close');
    }
    // Draining is not refusing: the balancer may still have requests on the way, and they are answered.
    const other = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
    expect(other.headers.connection).toBe('close');
    expect(socket.connected).toBe(true);
  });

  it('on close, finishes the request in flight and drops sockets so that their clients reconnect elsewhere', async () => {
    const user = await createSignedInUser(t, 'in-flight@example.org');
    const socket = await connectedSocket(baseUrl, user.cookie);
    const dropped = disconnectionOf(socket);
    const inFlight = fetch(`${baseUrl}/api/test-slow`);
    await slowRequestArrived;

    const closed = t.app.close();
    // A transport close, not a server disconnect: socket.io-client reconnects on its own after it.
    expect(await dropped).toBe('transport close');
    expect(socket.active).toBe(true);
    releaseSlowRequest();
    const answer = await inFlight;
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    await closed;
    socket.close();
  });
});
