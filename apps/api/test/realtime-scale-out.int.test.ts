import { userEventName, type NotificationEvent } from '@skillroute/shared/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { externalRedisUrl, reachable } from './reachable';
import { startReplicas, type Replicas } from './replicas';
import {
  caughtUp,
  closeAllSockets,
  connectedSocket,
  createSignedInUser,
  disconnectionOf,
  record,
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
    expect(await waitFor(() => adaEvents[0], 'the event to cross replicas')).toEqual(sent);
    await caughtUp(replicaA.app, bobOnB);
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
