import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ChatAck, ChatMessage, Signal } from '@skillroute/shared/meet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import { MINUTE_MS, signedInAs } from '../../../test/bookings';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/helpers';
import { ask, insertBooking, join, meetUrl, next } from '../../../test/meet';
import { externalRedisUrl, reachable } from '../../../test/reachable';
import { closeAllSockets, connectedSocket, listen } from '../../../test/sockets';

const redisReachable = await reachable(externalRedisUrl);
if (!redisReachable) console.warn(`Skipping the meeting rooms' scale-out test: nothing listens at ${new URL(externalRedisUrl).host}.`);

describe.runIf(redisReachable)('a meeting room across two api processes (REDIS_URL)', () => {
  // A stream of this run's own, so other runs on the same Redis neither see nor disturb these messages.
  const streamName = `skillroute-test-${randomBytes(6).toString('hex')}:socket.io`;
  let database: TestDatabase;
  let replicaA: TestApp;
  let replicaB: TestApp;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { REDIS_URL: externalRedisUrl };
    replicaA = await buildTestApp({ databaseUrl: database.url, env, socketStreamName: streamName });
    replicaB = await buildTestApp({ databaseUrl: database.url, env, socketStreamName: streamName });
    urlA = await listen(replicaA.app);
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

  it('sees the peer, relays signals and chat, and tells of a leave, with the two people on different processes', async () => {
    const db = replicaA.app.db;
    const mentor = await createUser(db, { email: 'asha@example.org', name: 'Asha' });
    const mentee = await createUser(db, { email: 'ravi@example.org', name: 'Ravi' });
    const row = await insertBooking(db, { mentorId: mentor.id, menteeId: mentee.id }, 5 * MINUTE_MS);
    const roomId = row.roomId;
    const mentorOnA = await connectedSocket(meetUrl(urlA), (await signedInAs(db, replicaA.config.jwtSecret, mentor, new Date())).cookie);
    const menteeOnB = await connectedSocket(meetUrl(urlB), (await signedInAs(db, replicaA.config.jwtSecret, mentee, new Date())).cookie);

    expect(await join(mentorOnA, roomId)).toMatchObject({ ok: true, peerPresent: false });
    const mentorHearsJoin = next<{ peerId: string }>(mentorOnA, 'peer-joined');
    // Presence is asked of every process (fetchSockets through the adapter), not of B's memory.
    expect(await join(menteeOnB, roomId)).toMatchObject({ ok: true, polite: true, peerPresent: true });
    expect(await mentorHearsJoin).toEqual({ peerId: mentee.id });

    const offer = { description: { type: 'offer' as const, sdp: 'v=0' } };
    const menteeGetsOffer = next<Signal>(menteeOnB, 'signal');
    await ask(mentorOnA, 'signal', offer);
    expect(await menteeGetsOffer).toEqual(offer);

    const menteeGetsChat = next<ChatMessage>(menteeOnB, 'chat');
    const sent = await ask<ChatAck>(mentorOnA, 'chat', { text: 'Can you hear me?' });
    expect(await menteeGetsChat).toEqual((sent as { message: ChatMessage }).message);

    const mentorHearsLeft = next<{ peerId: string }>(mentorOnA, 'peer-left');
    menteeOnB.disconnect();
    expect(await mentorHearsLeft).toEqual({ peerId: mentee.id });
  });

  it('tells the person on the other process when the process holding their peer stops', async () => {
    const db = replicaA.app.db;
    const mentor = await createUser(db, { email: 'meera@example.org', name: 'Meera' });
    const mentee = await createUser(db, { email: 'arjun@example.org', name: 'Arjun' });
    const row = await insertBooking(db, { mentorId: mentor.id, menteeId: mentee.id }, 5 * MINUTE_MS);
    const replicaC = await buildTestApp({ databaseUrl: database.url, env: { REDIS_URL: externalRedisUrl }, socketStreamName: streamName });
    let stopped = false;
    try {
      const urlC = await listen(replicaC.app);
      const mentorOnA = await connectedSocket(meetUrl(urlA), (await signedInAs(db, replicaA.config.jwtSecret, mentor, new Date())).cookie);
      const menteeOnC = await connectedSocket(meetUrl(urlC), (await signedInAs(db, replicaA.config.jwtSecret, mentee, new Date())).cookie);
      await join(mentorOnA, row.roomId);
      expect(await join(menteeOnC, row.roomId)).toMatchObject({ ok: true, peerPresent: true });
      const mentorHearsLeft = next<{ peerId: string }>(mentorOnA, 'peer-left');
      stopped = true;
      await replicaC.close();
      expect(await mentorHearsLeft).toEqual({ peerId: mentee.id });
    } finally {
      if (!stopped) await replicaC.close();
    }
  });
});
