import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { userEventName, type NotificationEvent } from '@skillroute/shared/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from './helpers';
import { externalRedisUrl, reachable } from './reachable';
import { closeAllSockets, connectedSocket, createSignedInUser, disconnectionOf, listen, record, waitFor } from './sockets';

const redisReachable = await reachable(externalRedisUrl);
if (!redisReachable) console.warn(`Skipping the socket scale-out test: nothing listens at ${new URL(externalRedisUrl).host}.`);

describe.runIf(redisReachable)('sockets with REDIS_URL (two replicas, one Redis)', () => {
  // A stream of this run's own, so other runs on the same Redis neither see nor disturb these messages.
  const streamName = `skillroute-test-${randomBytes(6).toString('hex')}:socket.io`;
  let database: TestDatabase;
  let replicaA: TestApp;
  let replicaB: TestApp;
  let urlB: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { REDIS_URL: externalRedisUrl };
    replicaA = await buildTestApp({ databaseUrl: database.url, env, socketStreamName: streamName });
    replicaB = await buildTestApp({ databaseUrl: database.url, env, socketStreamName: streamName });
    await listen(replicaA.app);
    urlB = await listen(replicaB.app);
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await replicaA?.close();
    await replicaB?.close();
    await database?.drop();
    const redis = new Redis(externalRedisUrl);
    await redis.del(streamName);
    await redis.quit();
  });

  it('delivers a notification made on replica A to the socket held by replica B, and only to its user', async () => {
    const ada = await createSignedInUser(replicaA, 'ada@example.org');
    const bob = await createSignedInUser(replicaA, 'bob@example.org');
    const adaOnB = await connectedSocket(urlB, ada.cookie);
    const bobOnB = await connectedSocket(urlB, bob.cookie);
    const adaEvents = record<NotificationEvent>(adaOnB, userEventName(ada.email));
    const bobOverhears = record(bobOnB, userEventName(ada.email));

    const sent = await replicaA.app.notifications.notify(ada.id, { type: 'assessment_passed', message: 'You passed' });
    expect(await waitFor(() => adaEvents[0], 'the event to cross replicas')).toEqual(sent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobOverhears).toEqual([]);
  });

  it('disconnects a user on replica B when replica A ends their sessions', async () => {
    const carol = await createSignedInUser(replicaA, 'carol@example.org');
    const socket = await connectedSocket(urlB, carol.cookie);
    const dropped = disconnectionOf(socket);
    replicaA.app.realtime.disconnectUser(carol.id);
    expect(await dropped).toBe('io server disconnect');
  });
});
