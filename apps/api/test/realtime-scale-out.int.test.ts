import { randomUUID } from 'node:crypto';
import {
  RESYNC_EVENT,
  SERVER_TIME_EVENT,
  userEventName,
  type NotificationEvent,
} from '@skillroute/shared/notifications';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catchAdapterCommands, readStreamFromStart } from '../src/plugins/realtime';
import type { TestApp } from './helpers';
import { externalRedisUrl, reachable } from './reachable';
import { startReplicas, type Replicas } from './replicas';
import { startTcpProxy } from './tcp-proxy';
import {
  caughtUp,
  closeAllSockets,
  connectedSocket,
  createSignedInUser,
  disconnectionOf,
  record,
  socketFor,
  waitFor,
} from './sockets';
import { notify } from './notify';

const redisReachable = await reachable(externalRedisUrl);
if (!redisReachable)
  console.warn(`Skipping the socket scale-out test: nothing listens at ${new URL(externalRedisUrl).host}.`);

describe.runIf(redisReachable)('sockets with REDIS_URL (two replicas, one Redis)', () => {
  let replicas: Replicas;
  let replicaA: TestApp;
  let urlB: string;

  beforeAll(async () => {
    replicas = await startReplicas(2);
    [replicaA] = replicas.apps as [TestApp];
    urlB = replicas.urls[1]!;
  });
  afterEach(() => closeAllSockets());
  afterAll(() => replicas?.close());

  it('delivers a notification made on replica A to the socket held by replica B, and only to its user', async () => {
    const ada = await createSignedInUser(replicaA, 'ada@example.org');
    const bob = await createSignedInUser(replicaA, 'bob@example.org');
    const adaOnB = await connectedSocket(urlB, ada.cookie);
    const bobOnB = await connectedSocket(urlB, bob.cookie);
    const adaEvents = record<NotificationEvent>(adaOnB, userEventName(ada.email));
    const bobOverhears = record(bobOnB, userEventName(ada.email));

    const sent = await notify(replicaA.app, ada.id, {
      type: 'assessment_passed',
      message: 'You passed',
    });
    expect(await waitFor(() => adaEvents[0], 'the event to cross replicas')).toEqual({
      ...sent,
      sentAt: expect.any(Number),
    });
    await caughtUp(replicaA.app, bobOnB);
    expect(bobOverhears).toEqual([]);
  });

  it('tells its sockets to read their rows again when its Redis comes back after a cut, and their clock at connect', async () => {
    const proxy = await startTcpProxy(Number(new URL(externalRedisUrl).port || 6379));
    const url = new URL(externalRedisUrl);
    url.host = `127.0.0.1:${proxy.port}`;
    const replica = await replicas.add({ REDIS_URL: url.toString() });
    try {
      const dan = await createSignedInUser(replica.app, 'dan@example.org');
      const socket = socketFor(replica.url, dan.cookie);
      const serverTimes = record<number>(socket, SERVER_TIME_EVENT);
      const resyncs = record(socket, RESYNC_EVENT);
      socket.connect();
      const serverTime = await waitFor(() => serverTimes[0], 'the server time at connect');
      expect(Math.abs(serverTime - Date.now())).toBeLessThan(60_000);

      proxy.cut();
      // The replica notices the loss (its connection closes), then Redis returns.
      await expect
        .poll(() => replica.app.app.realtime.reachesOtherReplicas(), { timeout: 10_000 })
        .toBe(false);
      expect(resyncs).toEqual([]);
      proxy.restore();
      await waitFor(() => (resyncs.length > 0 ? true : undefined), 'the resync after the gap', 15_000);
      expect(socket.connected).toBe(true);
    } finally {
      await replica.app.close();
      await proxy.close();
    }
  });

  it('handles the rejection of a PUBLISH the adapter drops while Redis is away (no unhandled rejection)', async () => {
    const redis = new Redis(externalRedisUrl, { lazyConnect: true });
    const problems: unknown[] = [];
    catchAdapterCommands(redis, (error) => problems.push(error));
    await redis.connect();
    await redis.quit();
    // As the adapter sends a fetchSockets request: the promise dropped.
    void redis.publish('socket.io#/meet#', Buffer.from('request'));
    await vi.waitFor(() => expect(problems).toHaveLength(1));
    expect(String(problems[0])).toContain('Connection is closed');
  });

  it("handles the rejection of a copy's SUBSCRIBE still queued when the copy closes (no unhandled rejection)", async () => {
    const redis = new Redis(externalRedisUrl, { lazyConnect: true });
    const problems: unknown[] = [];
    catchAdapterCommands(redis, (error) => problems.push(error));
    // As the adapter copies the connection for its subscriptions, and ioredis subscribes it again after a
    // reconnect without keeping the promise: the app closes while the SUBSCRIBE waits for the connection.
    const copy = redis.duplicate();
    void copy.subscribe('socket.io#/#');
    copy.disconnect();
    await vi.waitFor(() => expect(problems).toHaveLength(1));
    expect(String(problems[0])).toContain('Connection is closed');
    redis.disconnect();
  });

  it("reads, on the adapter's copy of the connection, what was added since it started, even between two reads", async () => {
    const streamName = `skillroute-test-stream-${randomUUID()}`;
    const redis = new Redis(externalRedisUrl);
    const copy = await (async () => {
      await redis.xadd(streamName, '*', 'data', 'before the start');
      await readStreamFromStart(redis, streamName);
      return redis.duplicate();
    })();
    const read = async () => {
      // As the adapter reads until it has read a message: `$` (it sends BLOCK first; the id is last either way).
      const results = await copy.xread('COUNT', 100, 'BLOCK', 50, 'STREAMS', streamName, '$');
      return (results?.[0]?.[1] ?? []).map(([, fields]) => fields[1]);
    };
    try {
      await redis.xadd(streamName, '*', 'data', 'after the start, before the first read');
      expect(await read()).toEqual(['after the start, before the first read']);
      expect(await read()).toEqual([]);
      await redis.xadd(streamName, '*', 'data', 'between two reads');
      expect(await read()).toEqual(['between two reads']);
    } finally {
      await redis.del(streamName);
      copy.disconnect();
      redis.disconnect();
    }
  });

  it('disconnects a user on replica B when replica A ends their sessions', async () => {
    const carol = await createSignedInUser(replicaA, 'carol@example.org');
    const socket = await connectedSocket(urlB, carol.cookie);
    const dropped = disconnectionOf(socket);
    replicaA.app.realtime.disconnectUser(carol.id);
    expect(await dropped).toBe('io server disconnect');
  });
});
