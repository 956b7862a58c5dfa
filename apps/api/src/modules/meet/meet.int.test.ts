import { createHmac, randomUUID } from 'node:crypto';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import {
  CHAT_MESSAGES_MAX,
  CHAT_MESSAGES_WINDOW_SECONDS,
  JOIN_HISTORY_MESSAGES,
  MEDIA_STATES_MAX,
  MEDIA_STATES_WINDOW_SECONDS,
  MEET_SOCKETS_PER_USER_MAX,
  ROOM_MESSAGES_KEPT,
  SIGNAL_PAYLOAD_MAX_BYTES,
  SIGNALS_PER_SECOND_MAX,
  meetLimitMessages,
} from '@skillroute/shared/marketplace-limits';
import {
  MEET_NAMESPACE,
  meetMessages,
  type ChatAck,
  type ChatMessage,
  type MediaState,
  type MeetRoom,
  type Signal,
} from '@skillroute/shared/meet';
import { socketRefusals } from '@skillroute/shared/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { meetingMessages, type BookingRow } from '../../db/schema';
import { userRoom } from '../../plugins/realtime';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { HOUR_MS, MINUTE_MS } from '../../../test/bookings';
import { movableClock, type MovableClock } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { cookieHeader } from '../../../test/sessions';
import { ask, insertBooking, join, meetUrl, next, roundTrip, takeOver } from '../../../test/meet';
import {
  closeAllSockets,
  connectedSocket,
  createSignedInUser,
  listen,
  record,
  refusalOf as socketRefusalOf,
  waitFor,
} from '../../../test/sockets';
import { meetRefusals } from './signalling';
import { NUL_CHARACTER_MESSAGE } from '@skillroute/shared/text';

const ICE_SERVERS = [
  { urls: 'stun:stun.example.org:3478' },
  { urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'] },
];

let t: TestApp;
let clock: MovableClock;
let baseUrl: string;
let people = 0;

beforeAll(async () => {
  clock = movableClock();
  t = await buildTestApp({ clock, env: { ICE_SERVERS: JSON.stringify(ICE_SERVERS) } });
  baseUrl = await listen(t.app);
});
afterEach(() => closeAllSockets());
afterAll(() => t.close());

interface Person extends SignedInPerson {
  name: string;
}

async function person(name: string): Promise<Person> {
  people += 1;
  const user = await createUser(t.app.db, { email: `${name.toLowerCase()}-${people}@example.org`, name });
  return { ...(await signedInAs(t.app.db, t.config.jwtSecret, user, new Date())), name };
}

/** A mentor and a mentee of their own, so no test's booking overlaps another's. */
async function pair() {
  return { mentor: await person('Asha'), mentee: await person('Ravi') };
}

/** A booking of these two, its hour `startsInMs` from the real now. */
const booking = (
  mentor: Person,
  mentee: Person,
  startsInMs: number,
  status: BookingRow['status'] = 'confirmed',
) => insertBooking(t.app.db, { mentorId: mentor.id, menteeId: mentee.id }, startsInMs, status);

const getRoom = (who: Person | undefined, roomId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/meet/${roomId}`,
    headers: who === undefined ? {} : { cookie: who.cookie },
  });

function expectRefusal(
  response: Awaited<ReturnType<typeof getRoom>>,
  status: number,
  message?: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
}

const connected = (who: Person) => connectedSocket(meetUrl(baseUrl), who.cookie);

/** A pair of their own in the room of a session starting in five minutes, both sockets joined. */
async function inTheRoom() {
  const { mentor, mentee } = await pair();
  const row = await booking(mentor, mentee, 5 * MINUTE_MS);
  const mentorSocket = await connected(mentor);
  const menteeSocket = await connected(mentee);
  await join(mentorSocket, row.roomId);
  await join(menteeSocket, row.roomId);
  return { mentor, mentee, row, mentorSocket, menteeSocket };
}
const refusalOf = (cookie: string | undefined) => socketRefusalOf(meetUrl(baseUrl), cookie);

describe('GET /api/meet/:roomId', () => {
  it('answers the mentor and the mentee, the mentee as the polite peer, with the window and the ICE servers', async () => {
    const { mentor, mentee } = await pair();
    const row = await booking(mentor, mentee, 5 * MINUTE_MS);
    const asMentor = await getRoom(mentor, row.roomId);
    expect(asMentor.statusCode, asMentor.body).toBe(200);
    expect(asMentor.json<MeetRoom>()).toEqual({
      roomId: row.roomId,
      booking: {
        id: row.id,
        startTime: row.startTime.toISOString(),
        endTime: row.endTime.toISOString(),
        status: 'confirmed',
      },
      self: { id: mentor.id, name: 'Asha' },
      peer: { id: mentee.id, name: 'Ravi', avatar: null },
      polite: false,
      opensAt: new Date(row.startTime.getTime() - 10 * MINUTE_MS).toISOString(),
      closesAt: new Date(row.endTime.getTime() + 15 * MINUTE_MS).toISOString(),
      open: true,
      // Without TURN_SECRET, the configured servers as written.
      iceServers: ICE_SERVERS,
    });
    const asMentee = (await getRoom(mentee, row.roomId)).json<MeetRoom>();
    expect(asMentee).toMatchObject({
      polite: true,
      open: true,
      self: { id: mentee.id, name: 'Ravi' },
      peer: { id: mentor.id, name: 'Asha' },
    });
  });

  it('answers open:false outside the window, with when it opens and closes', async () => {
    const { mentor, mentee } = await pair();
    const later = await booking(mentor, mentee, 2 * 24 * HOUR_MS);
    const room = (await getRoom(mentee, later.roomId)).json<MeetRoom>();
    expect(room).toMatchObject({
      open: false,
      opensAt: new Date(later.startTime.getTime() - 10 * MINUTE_MS).toISOString(),
      closesAt: new Date(later.endTime.getTime() + 15 * MINUTE_MS).toISOString(),
    });
    const over = await booking(mentor, mentee, -2 * HOUR_MS, 'completed');
    expect((await getRoom(mentor, over.roomId)).json<MeetRoom>()).toMatchObject({
      open: false,
      booking: { status: 'completed' },
    });
  });

  it('answers a cancelled booking to its two people, closed, so the page can say why', async () => {
    const { mentor, mentee } = await pair();
    const row = await booking(mentor, mentee, 5 * MINUTE_MS, 'cancelled');
    for (const who of [mentor, mentee])
      expect((await getRoom(who, row.roomId)).json<MeetRoom>()).toMatchObject({
        open: false,
        booking: { status: 'cancelled' },
      });
  });

  it('refuses anyone else, an unknown or malformed room and a booking that was never paid (404), and a visitor (401)', async () => {
    const { mentor, mentee } = await pair();
    const stranger = await person('Mallory');
    const row = await booking(mentor, mentee, 5 * MINUTE_MS);
    expectRefusal(await getRoom(stranger, row.roomId), 404, meetMessages.notFound);
    expectRefusal(await getRoom(mentor, randomUUID()), 404, meetMessages.notFound);
    expectRefusal(await getRoom(mentor, 'not-a-room'), 404, meetMessages.notFound);
    // The booking id is not the room id.
    expectRefusal(await getRoom(mentor, row.id), 404, meetMessages.notFound);
    for (const status of ['pending_payment', 'expired', 'payment_failed'] as const) {
      const unpaid = await booking(
        mentor,
        mentee,
        (3 + ['pending_payment', 'expired', 'payment_failed'].indexOf(status)) * 24 * HOUR_MS,
        status,
      );
      expectRefusal(await getRoom(mentee, unpaid.roomId), 404, meetMessages.notFound);
    }
    expectRefusal(await getRoom(undefined, row.roomId), 401);
  });

  it('hands out short-lived TURN credentials, for TURN servers only, when TURN_SECRET is set', async () => {
    const secret = 'a-turn-secret-for-the-test-0123';
    const turnApp = await buildTestApp({
      env: { ICE_SERVERS: JSON.stringify(ICE_SERVERS), TURN_SECRET: secret, TURN_TTL_SECONDS: '600' },
    });
    try {
      const mentor = await createUser(turnApp.app.db, { email: 'turn-mentor@example.org', name: 'Asha' });
      const mentee = await createUser(turnApp.app.db, { email: 'turn-mentee@example.org', name: 'Ravi' });
      const cookie = (await signedInAs(turnApp.app.db, turnApp.config.jwtSecret, mentee, new Date())).cookie;
      const row = await insertBooking(
        turnApp.app.db,
        { mentorId: mentor.id, menteeId: mentee.id },
        5 * MINUTE_MS,
      );
      const before = Math.floor(Date.now() / 1000);
      const response = await turnApp.app.inject({
        method: 'GET',
        url: `/api/meet/${row.roomId}`,
        headers: { cookie },
      });
      const after = Math.floor(Date.now() / 1000);
      const [stun, turn] = response.json<MeetRoom>().iceServers;
      expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
      const [expiry, userId] = turn!.username!.split(':');
      expect(userId).toBe(mentee.id);
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
      expect(Number(expiry)).toBeLessThanOrEqual(after + 600);
      expect(turn!.credential).toBe(createHmac('sha1', secret).update(turn!.username!).digest('base64'));
      expect(turn!.urls).toEqual(ICE_SERVERS[1]!.urls);
    } finally {
      await turnApp.close();
    }
  });
});

describe('the /meet namespace', () => {
  it('refuses an unauthenticated handshake', async () => {
    expect(await refusalOf(undefined)).toBe(socketRefusals.notSignedIn);
    expect(await refusalOf('accessToken=garbage')).toBe(socketRefusals.sessionEnded);
  });

  it('lets both people join, tells each of the other, and relays signals to the other person only', async () => {
    const { mentor, mentee } = await pair();
    const row = await booking(mentor, mentee, 5 * MINUTE_MS);
    const mentorSocket = await connected(mentor);
    const menteeSocket = await connected(mentee);
    const outsider = await connected(await person('Mallory'));
    const outsiderSignals = record(outsider, 'signal');
    const outsiderPresence = record(outsider, 'peer-joined');

    expect(await join(mentorSocket, row.roomId)).toEqual({
      ok: true,
      polite: false,
      peerPresent: false,
      history: [],
    });
    const mentorHearsJoin = next<{ peerId: string }>(mentorSocket, 'peer-joined');
    expect(await join(menteeSocket, row.roomId)).toEqual({
      ok: true,
      polite: true,
      peerPresent: true,
      history: [],
    });
    expect(await mentorHearsJoin).toEqual({ peerId: mentee.id });

    const mentorSignals = record<Signal>(mentorSocket, 'signal');
    const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
    const menteeGetsOffer = next<Signal>(menteeSocket, 'signal');
    expect(await ask(mentorSocket, 'signal', offer)).toEqual({ ok: true });
    expect(await menteeGetsOffer).toEqual(offer);
    const candidate = {
      candidate: {
        candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 54321 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    };
    const mentorGetsCandidate = next<Signal>(mentorSocket, 'signal');
    expect(await ask(menteeSocket, 'signal', candidate)).toEqual({ ok: true });
    expect(await mentorGetsCandidate).toEqual(candidate);

    await Promise.all([roundTrip(outsider), roundTrip(mentorSocket)]);
    expect(mentorSignals).toEqual([candidate]);
    expect(outsiderSignals).toEqual([]);
    expect(outsiderPresence).toEqual([]);
    // Not joined, nothing relayed; and a malformed signal is refused with a reason.
    expect(await ask(outsider, 'signal', offer)).toEqual({ ok: false, message: meetRefusals.notJoined });
    expect(await ask(mentorSocket, 'signal', { description: { type: 'evil' } })).toEqual({
      ok: false,
      message: meetRefusals.badSignal,
    });
    // The size is checked before the shape (DESIGN.md §4b).
    expect(
      await ask(mentorSocket, 'signal', { description: { type: 'offer', sdp: 'x'.repeat(200_001) } }),
    ).toEqual({ ok: false, message: meetLimitMessages.signalTooLarge });
  });

  it('keeps the chat with the booking, delivers it to both, and shows the history after a rejoin', async () => {
    const { mentor, mentee, row, mentorSocket, menteeSocket } = await inTheRoom();

    const bothHear = () =>
      Promise.all([next<ChatMessage>(mentorSocket, 'chat'), next<ChatMessage>(menteeSocket, 'chat')]);
    let heard = bothHear();
    const first = await ask<ChatAck>(mentorSocket, 'chat', { text: '  Hello Ravi  ' });
    expect(first).toMatchObject({ ok: true, message: { fromId: mentor.id, text: 'Hello Ravi' } });
    expect(await heard).toEqual([
      (first as { message: ChatMessage }).message,
      (first as { message: ChatMessage }).message,
    ]);
    heard = bothHear();
    const second = await ask<ChatAck>(menteeSocket, 'chat', { text: 'Hi Asha' });
    expect(await heard).toEqual([
      (second as { message: ChatMessage }).message,
      (second as { message: ChatMessage }).message,
    ]);

    expect(await ask(menteeSocket, 'chat', { text: '   ' })).toEqual({
      ok: false,
      message: meetMessages.chatEmpty,
    });
    expect(await ask(menteeSocket, 'chat', { text: 'x'.repeat(1001) })).toEqual({
      ok: false,
      message: meetMessages.chatTooLong,
    });
    // A NUL character is refused like any bad input, not handed to the database (which cannot store it).
    expect(await ask(menteeSocket, 'chat', { text: 'a\u0000b' })).toEqual({
      ok: false,
      message: NUL_CHARACTER_MESSAGE,
    });

    const mentorHearsLeave = next<{ peerId: string }>(mentorSocket, 'peer-left');
    expect(await ask(menteeSocket, 'leave')).toEqual({ ok: true });
    expect(await mentorHearsLeave).toEqual({ peerId: mentee.id });
    expect(await ask(menteeSocket, 'chat', { text: 'after leaving' })).toEqual({
      ok: false,
      message: meetRefusals.notJoined,
    });

    const rejoined = await join(menteeSocket, row.roomId);
    expect(rejoined).toMatchObject({ ok: true, peerPresent: true });
    expect(
      (rejoined as { history: ChatMessage[] }).history.map((message) => [message.fromId, message.text]),
    ).toEqual([
      [mentor.id, 'Hello Ravi'],
      [mentee.id, 'Hi Asha'],
    ]);
  });

  it("refuses a third user's join, a closed room's and a cancelled one's, and tells the other person of a disconnect", async () => {
    const { mentor, mentee } = await pair();
    const row = await booking(mentor, mentee, 5 * MINUTE_MS);
    const stranger = await connected(await person('Mallory'));
    expect(await join(stranger, row.roomId)).toEqual({ ok: false, message: meetMessages.notFound });
    expect(await join(stranger, 'user:someone')).toEqual({ ok: false, message: meetMessages.notFound });
    expect(await ask(stranger, 'join', 'not an object')).toEqual({
      ok: false,
      message: meetMessages.notFound,
    });
    // Without an ack the refusal has nowhere to go; the socket stays usable.
    stranger.emit('join', { roomId: row.roomId });
    stranger.emit('chat', { text: 'no ack' });
    expect(await roundTrip(stranger)).toEqual({ ok: false, message: meetRefusals.notJoined });
    expect(stranger.connected).toBe(true);
    expect(await ask(stranger, 'chat', { text: 'let me in' })).toEqual({
      ok: false,
      message: meetRefusals.notJoined,
    });

    const mentorSocket = await connected(mentor);
    const over = await booking(mentor, mentee, -2 * HOUR_MS, 'completed');
    expect(await join(mentorSocket, over.roomId)).toEqual({ ok: false, message: meetMessages.closed });
    const cancelled = await booking(mentor, mentee, 3 * HOUR_MS, 'cancelled');
    expect(await join(mentorSocket, cancelled.roomId)).toEqual({
      ok: false,
      message: meetMessages.cancelled,
    });
    // A hold that was never paid has no room, even for its own two people.
    const unpaid = await booking(mentor, mentee, 6 * HOUR_MS, 'pending_payment');
    expect(await join(mentorSocket, unpaid.roomId)).toEqual({ ok: false, message: meetMessages.notFound });

    const menteeSocket = await connected(mentee);
    await join(mentorSocket, row.roomId);
    await join(menteeSocket, row.roomId);
    const mentorHearsLeft = next<{ peerId: string }>(mentorSocket, 'peer-left');
    menteeSocket.disconnect();
    expect(await mentorHearsLeft).toEqual({ peerId: mentee.id });
  });

  it('closes the room when its booking is cancelled during the call: both hear why, nothing more is relayed, and a rejoin is refused', async () => {
    const { mentor, row, mentorSocket, menteeSocket } = await inTheRoom();

    const bothHear = Promise.all([
      next<{ message: string }>(mentorSocket, 'room-closed'),
      next<{ message: string }>(menteeSocket, 'room-closed'),
    ]);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${row.id}/cancel`,
      headers: { cookie: mentor.cookie },
      payload: { reason: 'Something came up' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await bothHear).toEqual([
      { message: meetMessages.cancelled },
      { message: meetMessages.cancelled },
    ]);

    expect(await ask(menteeSocket, 'signal', { candidate: null })).toEqual({
      ok: false,
      message: meetRefusals.notJoined,
    });
    expect(await ask(mentorSocket, 'chat', { text: 'still there?' })).toEqual({
      ok: false,
      message: meetRefusals.notJoined,
    });
    expect(await join(menteeSocket, row.roomId)).toEqual({ ok: false, message: meetMessages.cancelled });
  });

  it('checks the window on every join, at the clock’s now', async () => {
    const { mentor, mentee } = await pair();
    // Opens 20 minutes from now.
    const row = await booking(mentor, mentee, 30 * MINUTE_MS);
    const menteeSocket = await connected(mentee);
    expect(await join(menteeSocket, row.roomId)).toEqual({ ok: false, message: meetMessages.notOpenYet });
    clock.advance(21 * MINUTE_MS);
    try {
      expect(await join(menteeSocket, row.roomId)).toMatchObject({
        ok: true,
        polite: true,
        peerPresent: false,
      });
      // Past the close, even a socket that joined before cannot join again nor write.
      clock.advance(2 * HOUR_MS);
      expect(await join(menteeSocket, row.roomId)).toEqual({ ok: false, message: meetMessages.closed });
      expect(await ask(menteeSocket, 'chat', { text: 'too late' })).toEqual({
        ok: false,
        message: meetMessages.closed,
      });
    } finally {
      clock.advance(-(21 * MINUTE_MS + 2 * HOUR_MS));
    }
  });

  it('keeps a socket in one room at a time: joining another leaves the first, and its peer hears it', async () => {
    const { mentor, mentee } = await pair();
    const earlierMentee = await person('Kiran');
    const current = await booking(mentor, mentee, 5 * MINUTE_MS);
    // A session that just ended: its room is open a few minutes more.
    const earlier = await booking(mentor, earlierMentee, -65 * MINUTE_MS, 'completed');
    const mentorSocket = await connected(mentor);
    const earlierSocket = await connected(earlierMentee);
    const menteeSocket = await connected(mentee);
    await join(earlierSocket, earlier.roomId);
    expect(await join(mentorSocket, earlier.roomId)).toMatchObject({ ok: true, peerPresent: true });
    await join(menteeSocket, current.roomId);

    const earlierHearsLeft = next<{ peerId: string }>(earlierSocket, 'peer-left');
    const menteeHearsJoin = next<{ peerId: string }>(menteeSocket, 'peer-joined');
    expect(await join(mentorSocket, current.roomId)).toMatchObject({ ok: true, peerPresent: true });
    expect(await earlierHearsLeft).toEqual({ peerId: mentor.id });
    expect(await menteeHearsJoin).toEqual({ peerId: mentor.id });

    const earlierSignals = record(earlierSocket, 'signal');
    const menteeGetsOffer = next<Signal>(menteeSocket, 'signal');
    await ask(mentorSocket, 'signal', { description: { type: 'offer', sdp: 'v=0' } });
    await menteeGetsOffer;
    await roundTrip(earlierSocket);
    expect(earlierSignals).toEqual([]);
  });

  it('drops the call socket of a sign-in that logs out, and tells the other person', async () => {
    const { mentee } = await pair();
    const account = await createSignedInUser(t, `meet-logout-${randomUUID()}@example.org`);
    const mentor: Person = {
      id: account.id,
      email: account.email,
      role: 'user',
      cookie: account.cookie,
      name: 'Tester',
    };
    const row = await booking(mentor, mentee, 5 * MINUTE_MS);
    const mentorSocket = await connected(mentor);
    const menteeSocket = await connected(mentee);
    await join(mentorSocket, row.roomId);
    await join(menteeSocket, row.roomId);
    const dropped = next<string>(mentorSocket, 'disconnect');
    const menteeHearsLeft = next<{ peerId: string }>(menteeSocket, 'peer-left');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(account.cookies) },
    });
    expect(response.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    expect(await menteeHearsLeft).toEqual({ peerId: mentor.id });
  });
});

describe('camera and microphone, and one tab per person (decision 051)', () => {
  const offer = { description: { type: 'offer' as const, sdp: 'v=0' } };
  const cameraOff = { cameraOn: false, micOn: true };

  it('relays a media state to the other person only, and refuses a malformed one or one from outside the room', async () => {
    const { mentorSocket, menteeSocket } = await inTheRoom();
    const outsider = await connected(await person('Mallory'));
    const outsiderHeard = record(outsider, 'media-state');
    const mentorHeard = record(mentorSocket, 'media-state');

    const menteeHears = next<MediaState>(menteeSocket, 'media-state');
    expect(await ask(mentorSocket, 'media-state', cameraOff)).toEqual({ ok: true });
    expect(await menteeHears).toEqual(cameraOff);

    for (const malformed of [
      { cameraOn: 'no', micOn: true },
      { cameraOn: false },
      { cameraOn: false, micOn: true, sdp: 'x'.repeat(1000) },
      'off',
    ])
      expect(await ask(mentorSocket, 'media-state', malformed)).toEqual({
        ok: false,
        message: meetRefusals.badMediaState,
      });
    expect(await ask(outsider, 'media-state', cameraOff)).toEqual({
      ok: false,
      message: meetRefusals.notJoined,
    });
    await Promise.all([roundTrip(mentorSocket), roundTrip(outsider), roundTrip(menteeSocket)]);
    expect(mentorHeard).toEqual([]);
    expect(outsiderHeard).toEqual([]);
  });

  it('refuses a media state once the room has closed, and relays none', async () => {
    const { mentorSocket, menteeSocket } = await inTheRoom();
    const menteeHeard = record(menteeSocket, 'media-state');
    clock.advance(2 * HOUR_MS);
    try {
      expect(await ask(mentorSocket, 'media-state', cameraOff)).toEqual({
        ok: false,
        message: meetMessages.closed,
      });
      await roundTrip(menteeSocket);
      expect(menteeHeard).toEqual([]);
    } finally {
      clock.advance(-2 * HOUR_MS);
    }
  });

  it(`refuses a socket's media state beyond ${MEDIA_STATES_MAX} in ${MEDIA_STATES_WINDOW_SECONDS} seconds, and relays none of the refused`, async () => {
    const { mentorSocket, menteeSocket } = await inTheRoom();
    const menteeHeard = record(menteeSocket, 'media-state');
    clock.freeze();
    try {
      const acks = await Promise.all(
        Array.from({ length: MEDIA_STATES_MAX }, (_, n) =>
          ask(mentorSocket, 'media-state', { cameraOn: n % 2 === 0, micOn: true }),
        ),
      );
      expect(acks.every((ack) => (ack as { ok: boolean }).ok)).toBe(true);
      expect(await ask(mentorSocket, 'media-state', cameraOff)).toEqual({
        ok: false,
        message: meetLimitMessages.mediaStateRate,
      });
      await roundTrip(menteeSocket);
      expect(menteeHeard).toHaveLength(MEDIA_STATES_MAX);
      clock.advance(MEDIA_STATES_WINDOW_SECONDS * 1000);
      expect(await ask(mentorSocket, 'media-state', cameraOff)).toEqual({ ok: true });
    } finally {
      clock.thaw();
      clock.advance(-MEDIA_STATES_WINDOW_SECONDS * 1000);
    }
  });

  it('keeps a second tab of the same person out of the room until it takes the call over; the first tab then hears it moved', async () => {
    const { mentor, row, mentorSocket, menteeSocket } = await inTheRoom();
    const secondTab = await connected(mentor);
    const menteePresence = ['peer-joined', 'peer-left'].map((event) => record(menteeSocket, event));
    const firstTabMoved = record<{ message: string }>(mentorSocket, 'moved-away');

    expect(await join(secondTab, row.roomId)).toEqual({
      ok: false,
      message: meetMessages.openInAnotherTab,
      openElsewhere: true,
    });
    // Not in the room: the other person hears nothing of it, and it sends nothing there.
    expect(await ask(secondTab, 'signal', offer)).toEqual({ ok: false, message: meetRefusals.notJoined });
    const secondTabSignals = record<Signal>(secondTab, 'signal');
    const firstTabGetsOffer = next<Signal>(mentorSocket, 'signal');
    await ask(menteeSocket, 'signal', offer);
    expect(await firstTabGetsOffer).toEqual(offer);
    await Promise.all([roundTrip(menteeSocket), roundTrip(secondTab)]);
    expect(menteePresence).toEqual([[], []]);
    expect(secondTabSignals).toEqual([]);

    // Use here instead: the first tab is told and taken out; the other person starts again with this one.
    const firstTabHearsMoved = next<{ message: string }>(mentorSocket, 'moved-away');
    const menteeHearsJoin = next<{ peerId: string }>(menteeSocket, 'peer-joined');
    expect(await takeOver(secondTab, row.roomId)).toMatchObject({
      ok: true,
      polite: false,
      peerPresent: true,
    });
    expect(await firstTabHearsMoved).toEqual({ message: meetMessages.movedToAnotherTab });
    expect(await menteeHearsJoin).toEqual({ peerId: mentor.id });
    const firstTabSignals = record<Signal>(mentorSocket, 'signal');
    const secondTabGetsOffer = next<Signal>(secondTab, 'signal');
    await ask(menteeSocket, 'signal', offer);
    expect(await secondTabGetsOffer).toEqual(offer);
    expect(await ask(mentorSocket, 'signal', offer)).toEqual({ ok: false, message: meetRefusals.notJoined });
    await roundTrip(mentorSocket);
    expect(firstTabSignals).toEqual([]);
    // The person never left: the other side heard no `peer-left`, neither now nor when the first tab leaves.
    expect(await ask(mentorSocket, 'leave')).toEqual({ ok: true });
    await roundTrip(menteeSocket);
    expect(menteePresence[1]).toEqual([]);
    expect(firstTabMoved).toHaveLength(1);

    // The person may take it back from another tab again.
    const thirdTab = await connected(mentor);
    const secondTabHearsMoved = next<{ message: string }>(secondTab, 'moved-away');
    expect(await takeOver(thirdTab, row.roomId)).toMatchObject({ ok: true, peerPresent: true });
    expect(await secondTabHearsMoved).toEqual({ message: meetMessages.movedToAnotherTab });
  });

  it('lets a reconnect of the same page back in at once: its old socket is taken out without a word', async () => {
    const { mentor, mentee } = await pair();
    const row = await booking(mentor, mentee, 5 * MINUTE_MS);
    const tabId = randomUUID();
    const oldSocket = await connected(mentor);
    const menteeSocket = await connected(mentee);
    expect(await ask(oldSocket, 'join', { roomId: row.roomId, tabId })).toMatchObject({ ok: true });
    await join(menteeSocket, row.roomId);
    const oldHeard = record(oldSocket, 'moved-away');
    const oldSignals = record<Signal>(oldSocket, 'signal');

    const reconnected = await connected(mentor);
    expect(await ask(reconnected, 'join', { roomId: row.roomId, tabId })).toMatchObject({
      ok: true,
      peerPresent: true,
    });
    const reconnectedGetsOffer = next<Signal>(reconnected, 'signal');
    await ask(menteeSocket, 'signal', offer);
    expect(await reconnectedGetsOffer).toEqual(offer);
    await roundTrip(oldSocket);
    expect(oldHeard).toEqual([]);
    expect(oldSignals).toEqual([]);
  });
});

describe('the limits of a meeting room (DESIGN.md §4b)', () => {
  const offer = { description: { type: 'offer' as const, sdp: 'v=0' } };
  const candidate = (n: number) => ({
    candidate: {
      candidate: `candidate:${n} 1 udp 2122260223 10.0.0.2 5000 typ host`,
      sdpMid: '0',
      sdpMLineIndex: 0,
    },
  });
  const keptTexts = async (bookingId: string) =>
    (
      await t.app.db
        .select({ text: meetingMessages.text })
        .from(meetingMessages)
        .where(eq(meetingMessages.bookingId, bookingId))
        .orderBy(asc(meetingMessages.sentAt))
    ).map((row) => row.text);

  it(`refuses a person's message beyond ${CHAT_MESSAGES_MAX} in ${CHAT_MESSAGES_WINDOW_SECONDS} seconds, across their tabs: neither kept nor relayed`, async () => {
    const { row, mentor, mentorSocket, menteeSocket } = await inTheRoom();
    const secondTab = await connected(mentor);
    const menteeHeard = record<ChatMessage>(menteeSocket, 'chat');
    const sendHalf = (socket: typeof mentorSocket, from: number) =>
      Promise.all(
        Array.from({ length: CHAT_MESSAGES_MAX / 2 }, (_, n) =>
          ask<ChatAck>(socket, 'chat', { text: `message ${from + n}` }),
        ),
      );
    // Held still, so the count does not depend on how fast this machine sends.
    clock.freeze();
    try {
      // Half from the first tab; the call moves to the second, which does not start a count of its own.
      const sent = await sendHalf(mentorSocket, 0);
      expect(await takeOver(secondTab, row.roomId)).toMatchObject({ ok: true });
      sent.push(...(await sendHalf(secondTab, CHAT_MESSAGES_MAX / 2)));
      expect(sent.every((ack) => ack.ok)).toBe(true);
      const refused = { ok: false, message: meetLimitMessages.chatRate };
      expect(await ask(secondTab, 'chat', { text: 'one too many' })).toEqual(refused);
      // The count is the person's: the other person still writes.
      expect(await ask<ChatAck>(menteeSocket, 'chat', { text: 'my turn' })).toMatchObject({ ok: true });
      expect(menteeHeard).toHaveLength(CHAT_MESSAGES_MAX + 1);
      expect(menteeHeard.map((message) => message.text)).not.toContain('one too many');
      expect(await keptTexts(row.id)).toHaveLength(CHAT_MESSAGES_MAX + 1);

      // The window slides: once it has passed, the person writes again.
      clock.advance(CHAT_MESSAGES_WINDOW_SECONDS * 1000);
      expect(await ask<ChatAck>(secondTab, 'chat', { text: 'later' })).toMatchObject({ ok: true });
    } finally {
      clock.thaw();
      clock.advance(-CHAT_MESSAGES_WINDOW_SECONDS * 1000);
    }
  });

  it(`keeps a room's last ${ROOM_MESSAGES_KEPT} messages and hands the last ${JOIN_HISTORY_MESSAGES} to a join`, async () => {
    const { row, mentor, mentee, menteeSocket } = await inTheRoom();
    const old = 600;
    const since = Date.now() - HOUR_MS;
    await t.app.db.insert(meetingMessages).values(
      Array.from({ length: old }, (_, n) => ({
        bookingId: row.id,
        fromId: mentor.id,
        text: `old ${n}`,
        sentAt: new Date(since + n * 1000),
      })),
    );
    expect(await ask<ChatAck>(menteeSocket, 'chat', { text: 'newest' })).toMatchObject({ ok: true });

    const kept = await keptTexts(row.id);
    expect(kept).toHaveLength(ROOM_MESSAGES_KEPT);
    expect(kept[0]).toBe(`old ${old + 1 - ROOM_MESSAGES_KEPT}`);
    expect(kept.at(-1)).toBe('newest');

    const rejoined = await takeOver(await connected(mentee), row.roomId);
    const history = (rejoined as { history: ChatMessage[] }).history.map((message) => message.text);
    expect(history).toHaveLength(JOIN_HISTORY_MESSAGES);
    expect(history[0]).toBe(`old ${old + 1 - JOIN_HISTORY_MESSAGES}`);
    expect(history.at(-1)).toBe('newest');
  });

  it(`refuses a signal over ${SIGNAL_PAYLOAD_MAX_BYTES / 1024} kB and relays one under it`, async () => {
    const { mentorSocket, menteeSocket } = await inTheRoom();
    const menteeHeard = record<Signal>(menteeSocket, 'signal');
    const tooLarge = { description: { type: 'offer' as const, sdp: 'x'.repeat(SIGNAL_PAYLOAD_MAX_BYTES) } };
    expect(await ask(mentorSocket, 'signal', tooLarge)).toEqual({
      ok: false,
      message: meetLimitMessages.signalTooLarge,
    });
    const fits = { description: { type: 'offer' as const, sdp: 'x'.repeat(SIGNAL_PAYLOAD_MAX_BYTES - 100) } };
    expect(await ask(mentorSocket, 'signal', fits)).toEqual({ ok: true });
    await roundTrip(menteeSocket);
    expect(menteeHeard).toEqual([fits]);
  });

  it(`refuses a socket's signal beyond ${SIGNALS_PER_SECOND_MAX} in a second, and relays none of the refused`, async () => {
    const { mentorSocket, menteeSocket } = await inTheRoom();
    const menteeHeard = record<Signal>(menteeSocket, 'signal');
    clock.freeze();
    try {
      const sent = await Promise.all(
        Array.from({ length: SIGNALS_PER_SECOND_MAX }, (_, n) => ask(mentorSocket, 'signal', candidate(n))),
      );
      expect(sent).toEqual(Array.from({ length: SIGNALS_PER_SECOND_MAX }, () => ({ ok: true })));
      expect(await ask(mentorSocket, 'signal', candidate(SIGNALS_PER_SECOND_MAX))).toEqual({
        ok: false,
        message: meetLimitMessages.signalRate,
      });
      // The count is the socket's: the other person's socket still signals.
      expect(await ask(menteeSocket, 'signal', offer)).toEqual({ ok: true });
      await roundTrip(menteeSocket);
      expect(menteeHeard).toHaveLength(SIGNALS_PER_SECOND_MAX);
      expect(menteeHeard).not.toContainEqual(candidate(SIGNALS_PER_SECOND_MAX));

      clock.advance(1000);
      expect(await ask(mentorSocket, 'signal', candidate(0))).toEqual({ ok: true });
    } finally {
      clock.thaw();
      clock.advance(-1000);
    }
  });

  it(`refuses a user's /meet socket beyond ${MEET_SOCKETS_PER_USER_MAX} at connect, opened one by one or all at once`, async () => {
    const asha = await person('Asha');
    const opened = [];
    for (let n = 0; n < MEET_SOCKETS_PER_USER_MAX; n += 1) opened.push(await connected(asha));
    expect(await refusalOf(asha.cookie)).toBe(meetLimitMessages.tooManySockets);
    // Someone else is not held back by it.
    await connected(await person('Ravi'));

    // Once one closes, there is room for one more.
    opened[0]!.disconnect();
    const meet = t.app.realtime.io.of(MEET_NAMESPACE);
    await waitFor(
      async () =>
        (await meet.in(userRoom(asha.id)).fetchSockets()).length < MEET_SOCKETS_PER_USER_MAX
          ? true
          : undefined,
      'the server to let the socket go',
    );
    await connected(asha);
    expect(await refusalOf(asha.cookie)).toBe(meetLimitMessages.tooManySockets);

    // Handshakes racing each other are counted too.
    const kiran = await person('Kiran');
    const racing = await Promise.allSettled(
      Array.from({ length: MEET_SOCKETS_PER_USER_MAX + 3 }, () => connected(kiran)),
    );
    expect(racing.filter((result) => result.status === 'fulfilled')).toHaveLength(MEET_SOCKETS_PER_USER_MAX);
    for (const result of racing)
      if (result.status === 'rejected')
        expect((result.reason as Error).message).toContain(meetLimitMessages.tooManySockets);
  });

  it('closes the room under a socket past its window: its signal is refused, not relayed, and it hears why', async () => {
    const { mentorSocket, menteeSocket } = await inTheRoom();
    const mentorHeard = record<Signal>(mentorSocket, 'signal');
    const menteeHearsClosed = next<{ message: string }>(menteeSocket, 'room-closed');
    clock.advance(2 * HOUR_MS);
    try {
      expect(await ask(menteeSocket, 'signal', offer)).toEqual({ ok: false, message: meetMessages.closed });
      expect(await menteeHearsClosed).toEqual({ message: meetMessages.closed });
      expect(await ask(menteeSocket, 'signal', offer)).toEqual({
        ok: false,
        message: meetRefusals.notJoined,
      });
      await roundTrip(mentorSocket);
      expect(mentorHeard).toEqual([]);
    } finally {
      clock.advance(-2 * HOUR_MS);
    }
  });

  it('takes both sockets out of the room when it closes, with nobody sending anything', async () => {
    const { mentor, mentee } = await pair();
    // The room closes 15 minutes after the end: a few seconds from now.
    const row = await booking(mentor, mentee, -75 * MINUTE_MS + 4000, 'completed');
    const mentorSocket = await connected(mentor);
    const menteeSocket = await connected(mentee);
    await join(mentorSocket, row.roomId);
    await join(menteeSocket, row.roomId);
    const bothHear = Promise.all([
      next<{ message: string }>(mentorSocket, 'room-closed'),
      next<{ message: string }>(menteeSocket, 'room-closed'),
    ]);
    expect(await bothHear).toEqual([{ message: meetMessages.closed }, { message: meetMessages.closed }]);
    const menteeHeard = record<Signal>(menteeSocket, 'signal');
    expect(await ask(mentorSocket, 'signal', offer)).toEqual({ ok: false, message: meetRefusals.notJoined });
    await roundTrip(menteeSocket);
    expect(menteeHeard).toEqual([]);
  });
});
