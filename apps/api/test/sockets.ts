import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@skillroute/shared/constants';
import type { App } from '../src/app';
import { createUser } from './accounts';
import type { TestApp } from './helpers';
import { cookieHeader, cookiesOf } from './sessions';

export const TEST_PASSWORD = 'secret-pass-1';

export interface SignedIn {
  id: string;
  email: string;
  /** Both session cookies, as the browser holds them after sign-in. */
  cookies: Record<string, string>;
  /** The Cookie header a browser sends to the api and the socket (the access cookie's path is /). */
  cookie: string;
}

let nextAddress = 1;

/**
 * Signs in through the real route. Each call comes from its own address, so the per-IP sign-in limit of
 * a test file never runs out.
 */
export async function signIn(app: App, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  nextAddress += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: `10.1.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`,
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  const cookies = cookiesOf(response);
  const user = response.json<{ user: { id: string; email: string } }>().user;
  return {
    id: user.id,
    email: user.email,
    cookies,
    cookie: cookieHeader({ accessToken: cookies.accessToken }),
  };
}

/** A verified account with a password, then signed in. */
export async function createSignedInUser(t: TestApp, email: string): Promise<SignedIn> {
  await createUser(t.app.db, { email, password: TEST_PASSWORD });
  return signIn(t.app, email);
}

/** Listens on a free port (or the given one) of 127.0.0.1 and returns the base URL. */
export async function listen(app: App, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const openSockets = new Set<Socket>();

/**
 * A socket.io client as the web app opens one, with the cookie a browser would send; not yet connected.
 * `baseUrl` may name a namespace (`${baseUrl}/meet`). Each is its own connection, as each stands for a browser
 * of its own (socket.io-client would otherwise share one, and its cookie, between sockets of one address).
 */
export function socketFor(baseUrl: string, cookie: string | undefined): Socket {
  const socket = connectClient(baseUrl, {
    path: SOCKET_PATH,
    autoConnect: false,
    forceNew: true,
    extraHeaders: cookie === undefined ? {} : { cookie },
    // Tests wait for reconnection, so it should be quick.
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    timeout: 5000,
  });
  openSockets.add(socket);
  return socket;
}

/** Connects, resolving once the server accepted the handshake. */
export async function connectedSocket(baseUrl: string, cookie: string): Promise<Socket> {
  const socket = socketFor(baseUrl, cookie);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => reject(new Error(`the socket was refused: ${error.message}`)));
    socket.connect();
  });
  return socket;
}

/** The message of the handshake refusal a socket gets; fails if it connects instead. */
export async function refusalOf(baseUrl: string, cookie: string | undefined): Promise<string> {
  const socket = socketFor(baseUrl, cookie);
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the socket was accepted')));
      socket.once('connect_error', (error) => resolve(error.message));
      socket.connect();
    });
  } finally {
    socket.close();
  }
}

/** Every payload of `event` the socket receives from now on. */
export function record<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** Polls until `find` answers something other than undefined, every `intervalMs`; fails after `timeoutMs`. */
export async function waitFor<T>(
  find: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 5000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

let markers = 0;

/**
 * Resolves once each socket has received a marker the app's server sends now (through the Redis adapter to
 * other replicas' sockets too). A connection delivers in the order the server sent, so whatever was sent to
 * these sockets before has arrived: a test can then say that nothing else did.
 */
export async function caughtUp(app: App, ...sockets: Socket[]): Promise<void> {
  const marker = `test:marker:${++markers}`;
  const arrived = sockets.map(
    (socket) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${marker} within 5 s`)), 5000);
        socket.once(marker, () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  );
  app.realtime.io.emit(marker);
  await Promise.all(arrived);
}

/** Resolves when the server dropped the socket (with the reason socket.io gives); fails after `timeoutMs`. */
export function disconnectionOf(socket: Socket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Closes every client a test file opened, so no reconnect loop outlives it. */
export function closeAllSockets(): void {
  for (const socket of openSockets) socket.close();
  openSockets.clear();
}
