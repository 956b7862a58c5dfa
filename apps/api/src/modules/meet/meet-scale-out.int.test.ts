import { MEET_SOCKETS_PER_USER_MAX, meetLimitMessages } from '@skillroute/shared/marketplace-limits';
import { meetMessages, type ChatAck, type ChatMessage, type Signal } from '@skillroute/shared/meet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInAs } from '../../../test/accounts';
import { MINUTE_MS } from '../../../test/bookings';
import type { TestApp } from '../../../test/helpers';
import { ask, insertBooking, join, meetUrl, next, takeOver } from '../../../test/meet';
import { meetRefusals } from './signalling';
import { externalRedisUrl, reachable } from '../../../test/reachable';
import { startReplicas, type Replicas } from '../../../test/replicas';
import { closeAllSockets, connectedSocket, refusalOf } from '../../../test/sockets';

const redisReachable = await reachable(externalRedisUrl);
if (!redisReachable)
  console.warn(
    `Skipping the meeting rooms' scale-out test: nothing listens at ${new URL(externalRedisUrl).host}.`,
  );

describe.runIf(redisReachable)('a meeting room across two api processes (REDIS_URL)', () => {
  let replicas: Replicas;
  let replicaA: TestApp;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    replicas = await startReplicas(2);
    [replicaA] = replicas.apps as [TestApp];
    [urlA, urlB] = replicas.urls as [string, string];
  });
  afterEach(() => closeAllSockets());
  afterAll(() => replicas?.close());

  it('sees the peer, relays signals and chat, and tells of a leave, with the two people on different processes', async () => {
    const db = replicaA.app.db;
    const mentor = await createUser(db, { email: 'asha@example.org', name: 'Asha' });
    const mentee = await createUser(db, { email: 'ravi@example.org', name: 'Ravi' });
    const row = await insertBooking(db, { mentorId: mentor.id, menteeId: mentee.id }, 5 * MINUTE_MS);
    const roomId = row.roomId;
    const mentorOnA = await connectedSocket(
      meetUrl(urlA),
      (await signedInAs(db, replicaA.config.jwtSecret, mentor, new Date())).cookie,
    );
    const menteeOnB = await connectedSocket(
      meetUrl(urlB),
      (await signedInAs(db, replicaA.config.jwtSecret, mentee, new Date())).cookie,
    );

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
    const { app: replicaC, url: urlC } = await replicas.add();
    const mentorOnA = await connectedSocket(
      meetUrl(urlA),
      (await signedInAs(db, replicaA.config.jwtSecret, mentor, new Date())).cookie,
    );
    const menteeOnC = await connectedSocket(
      meetUrl(urlC),
      (await signedInAs(db, replicaA.config.jwtSecret, mentee, new Date())).cookie,
    );
    await join(mentorOnA, row.roomId);
    expect(await join(menteeOnC, row.roomId)).toMatchObject({ ok: true, peerPresent: true });
    const mentorHearsLeft = next<{ peerId: string }>(mentorOnA, 'peer-left');
    await replicaC.close();
    expect(await mentorHearsLeft).toEqual({ peerId: mentee.id });
  });

  it('keeps a second tab on another process out until it takes the call over, and moves the call across', async () => {
    const db = replicaA.app.db;
    const mentor = await createUser(db, { email: 'devi@example.org', name: 'Devi' });
    const mentee = await createUser(db, { email: 'omar@example.org', name: 'Omar' });
    const row = await insertBooking(db, { mentorId: mentor.id, menteeId: mentee.id }, 5 * MINUTE_MS);
    const mentorCookie = (await signedInAs(db, replicaA.config.jwtSecret, mentor, new Date())).cookie;
    const firstTabOnA = await connectedSocket(meetUrl(urlA), mentorCookie);
    const secondTabOnB = await connectedSocket(meetUrl(urlB), mentorCookie);
    const menteeOnB = await connectedSocket(
      meetUrl(urlB),
      (await signedInAs(db, replicaA.config.jwtSecret, mentee, new Date())).cookie,
    );
    await join(firstTabOnA, row.roomId);
    await join(menteeOnB, row.roomId);

    expect(await join(secondTabOnB, row.roomId)).toEqual({
      ok: false,
      message: meetMessages.openInAnotherTab,
      openElsewhere: true,
    });
    const firstTabHearsMoved = next<{ message: string }>(firstTabOnA, 'moved-away');
    const menteeHearsJoin = next<{ peerId: string }>(menteeOnB, 'peer-joined');
    expect(await takeOver(secondTabOnB, row.roomId)).toMatchObject({ ok: true, peerPresent: true });
    expect(await firstTabHearsMoved).toEqual({ message: meetMessages.movedToAnotherTab });
    expect(await menteeHearsJoin).toEqual({ peerId: mentor.id });

    const offer = { description: { type: 'offer' as const, sdp: 'v=0' } };
    // Taken out of the room by the other process: the first tab is no longer joined.
    expect(await ask(firstTabOnA, 'signal', offer)).toEqual({ ok: false, message: meetRefusals.notJoined });
    const secondTabGetsOffer = next<Signal>(secondTabOnB, 'signal');
    await ask(menteeOnB, 'signal', offer);
    expect(await secondTabGetsOffer).toEqual(offer);
  });

  it(`counts a user's /meet sockets across the processes: beyond ${MEET_SOCKETS_PER_USER_MAX} is refused on either`, async () => {
    const db = replicaA.app.db;
    const user = await createUser(db, { email: 'kiran@example.org', name: 'Kiran' });
    const { cookie } = await signedInAs(db, replicaA.config.jwtSecret, user, new Date());
    for (let n = 0; n < MEET_SOCKETS_PER_USER_MAX; n += 1)
      await connectedSocket(meetUrl(n % 2 === 0 ? urlA : urlB), cookie);
    expect(await refusalOf(meetUrl(urlA), cookie)).toBe(meetLimitMessages.tooManySockets);
    expect(await refusalOf(meetUrl(urlB), cookie)).toBe(meetLimitMessages.tooManySockets);
  });
});
