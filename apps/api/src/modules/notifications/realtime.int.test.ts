import { socketRefusals, userEventName, type NotificationEvent } from '@skillroute/shared/notifications';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { signAccessToken } from '../../lib/tokens';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, resetTokenIn, type RecordingMailer } from '../../../test/mail';
import { cookieHeader } from '../../../test/sessions';
import {
  caughtUp,
  closeAllSockets,
  connectedSocket,
  createSignedInUser,
  disconnectionOf,
  listen,
  record,
  refusalOf,
  signIn,
  waitFor,
  type SignedIn,
} from '../../../test/sockets';
import { notify } from '../../../test/notify';

let t: TestApp;
let mailer: RecordingMailer;
let baseUrl: string;
let ada: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({ mailer });
  baseUrl = await listen(t.app);
  ada = await createSignedInUser(t, 'ada@example.org');
  bob = await createSignedInUser(t, 'bob@example.org');
});
afterEach(() => closeAllSockets());
afterAll(() => t.close());

/**
 * Resolves once the server has handled everything the socket sent before: socket.io handles a connection's
 * packets in order, and the server answers this one last.
 */
async function heardBy(socket: Socket): Promise<void> {
  const onServer = t.app.realtime.io.of('/').sockets.get(socket.id ?? '');
  if (onServer === undefined) throw new Error('the socket is not connected to this server');
  onServer.once('test:barrier', (answer: () => void) => answer());
  await socket.timeout(5000).emitWithAck('test:barrier');
}

describe('the handshake', () => {
  it('refuses a socket without a cookie, or with a cookie that is not a session', async () => {
    expect(await refusalOf(baseUrl, undefined)).toBe(socketRefusals.notSignedIn);
    expect(await refusalOf(baseUrl, 'theme=dark')).toBe(socketRefusals.notSignedIn);
    expect(await refusalOf(baseUrl, 'accessToken=garbage')).toBe(socketRefusals.sessionEnded);
    // A token signed with another secret is garbage too.
    const forged = await signAccessToken('another-secret-0123456789abcdef0123', 'user', {
      sub: ada.id,
      email: ada.email,
      role: 'user',
      sid: ada.id,
    });
    expect(await refusalOf(baseUrl, cookieHeader({ accessToken: forged }))).toBe(socketRefusals.sessionEnded);
  });

  it('refuses an expired access token, even of a live session', async () => {
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.userId, ada.id));
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    const expired = await signAccessToken(
      t.config.jwtSecret,
      'user',
      { sub: ada.id, email: ada.email, role: 'user', sid: row!.id },
      longAgo,
    );
    expect(await refusalOf(baseUrl, cookieHeader({ accessToken: expired }))).toBe(
      socketRefusals.sessionEnded,
    );
  });

  it('refuses the token of a session that was logged out', async () => {
    const carol = await createSignedInUser(t, 'carol@example.org');
    await connectedSocket(baseUrl, carol.cookie);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(carol.cookies) },
    });
    expect(await refusalOf(baseUrl, carol.cookie)).toBe(socketRefusals.sessionEnded);
  });

  it('refuses a browser page of another site (Origin not ours)', async () => {
    const response = await fetch(`${baseUrl}/notification-socket/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example', cookie: ada.cookie },
    });
    expect(response.status).toBe(403);
  });
});

describe('delivery', () => {
  it("delivers a user's own notifications to their sockets, and never to another user's", async () => {
    const adaSocket = await connectedSocket(baseUrl, ada.cookie);
    const adaTab2 = await connectedSocket(baseUrl, ada.cookie);
    const bobSocket = await connectedSocket(baseUrl, bob.cookie);
    const adaEvents = record<NotificationEvent>(adaSocket, userEventName(ada.email));
    const adaTab2Events = record<NotificationEvent>(adaTab2, userEventName(ada.email));
    const bobEvents = record<NotificationEvent>(bobSocket, userEventName(bob.email));
    const bobHearsAda = record(bobSocket, userEventName(ada.email));
    const adaHearsBob = record(adaSocket, userEventName(bob.email));

    const sent = await notify(t.app, ada.id, {
      type: 'roadmap_approved',
      message: 'Your roadmap was approved',
      link: '/roadmap/1',
    });
    await waitFor(
      () => (adaEvents.length > 0 && adaTab2Events.length > 0 ? true : undefined),
      'both of ada’s tabs to hear it',
    );
    expect(adaEvents).toEqual([
      {
        id: sent.id,
        type: 'roadmap_approved',
        message: 'Your roadmap was approved',
        link: '/roadmap/1',
        createdAt: sent.createdAt,
        // The sending clock, by which a client drops an event delivered late (DESIGN.md §4b).
        sentAt: expect.any(Number),
      },
    ]);
    expect(adaTab2Events).toEqual(adaEvents);

    await notify(t.app, bob.id, { type: 'booking_confirmed', message: 'Booked' });
    await waitFor(() => bobEvents[0], 'bob to hear his own');
    await caughtUp(t.app, adaSocket, bobSocket);
    expect(bobHearsAda).toEqual([]);
    expect(adaHearsBob).toEqual([]);
    expect(adaEvents).toHaveLength(1);
  });

  it('gives a client no way into another room: join-like events do nothing', async () => {
    const bobSocket = await connectedSocket(baseUrl, bob.cookie);
    const overheard = record(bobSocket, userEventName(ada.email));
    for (const event of ['join', 'subscribe', 'joinRoom', userEventName(ada.email)]) {
      bobSocket.emit(event, `user:${ada.id}`);
      bobSocket.emit(event, { room: `user:${ada.id}`, email: ada.email });
    }
    await heardBy(bobSocket);
    await notify(t.app, ada.id, { type: 'review_received', message: 'A review for Ada' });
    await caughtUp(t.app, bobSocket);
    expect(overheard).toEqual([]);
    expect(bobSocket.connected).toBe(true);
  });
});

describe('sessions ending', () => {
  it("logout drops that sign-in's sockets and leaves the user's other sign-ins connected", async () => {
    const laptop = await signIn(t.app, ada.email);
    const laptopSocket = await connectedSocket(baseUrl, laptop.cookie);
    const phoneSocket = await connectedSocket(baseUrl, ada.cookie);
    const dropped = disconnectionOf(laptopSocket);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(laptop.cookies) },
    });
    expect(response.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    await caughtUp(t.app, phoneSocket);
    expect(phoneSocket.connected).toBe(true);
  });

  it("logout reaches a socket opened before the session's cookies were refreshed", async () => {
    const tablet = await signIn(t.app, bob.email);
    const socket = await connectedSocket(baseUrl, tablet.cookie);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refreshToken',
      headers: { cookie: cookieHeader({ refreshToken: tablet.cookies.refreshToken }) },
    });
    expect(refreshed.statusCode).toBe(200);
    const dropped = disconnectionOf(socket);
    const newCookies = Object.fromEntries(refreshed.cookies.map((cookie) => [cookie.name, cookie.value]));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(newCookies) },
    });
    expect(await dropped).toBe('io server disconnect');
  });

  it('sends "New sign-in to your account" to the sockets of the other sessions', async () => {
    const dave = await createSignedInUser(t, 'dave@example.org');
    const socket = await connectedSocket(baseUrl, dave.cookie);
    const events = record<NotificationEvent>(socket, userEventName(dave.email));
    await signIn(t.app, dave.email);
    const event = await waitFor(() => events[0], 'the new sign-in notification');
    expect(event).toMatchObject({
      type: 'security',
      message: 'New sign-in to your account',
      link: '/profile/general',
    });
  });

  it('a password reset drops every socket of the account', async () => {
    const erin = await createSignedInUser(t, 'erin@example.org');
    const second = await signIn(t.app, erin.email);
    const sockets = [
      await connectedSocket(baseUrl, erin.cookie),
      await connectedSocket(baseUrl, second.cookie),
    ];
    const dropped = sockets.map((socket) => disconnectionOf(socket));
    const mark = mailer.sent.length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: erin.email } });
    const token = resetTokenIn((await mailer.waitFor(erin.email, /password/i, mark)).text);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'another-pass-2' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
  });
});
