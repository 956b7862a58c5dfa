import { SOCKET_PATH } from '@skillroute/shared/constants';
import { MEET_NAMESPACE, type JoinAck } from '@skillroute/shared/meet';
import { io as connectClient, type Socket } from 'socket.io-client';

// Generous: the machine running the suite may be busy with other work.
export const EVENT_TIMEOUT_MS = 15_000;

const openSockets = new Set<Socket>();

/**
 * A `/meet` socket as the room page opens one, with the cookie a browser would send; not yet connected.
 * `forceNew`: socket.io-client would otherwise share one connection (and its cookie) between sockets of a URL.
 */
export function meetSocket(baseUrl: string, cookie: string | undefined): Socket {
  const socket = connectClient(`${baseUrl}${MEET_NAMESPACE}`, {
    path: SOCKET_PATH,
    autoConnect: false,
    forceNew: true,
    reconnection: false,
    extraHeaders: cookie === undefined ? {} : { cookie },
    timeout: EVENT_TIMEOUT_MS,
  });
  openSockets.add(socket);
  return socket;
}

/** Connects, resolving once the server accepted the handshake. */
export async function connectedMeetSocket(baseUrl: string, cookie: string): Promise<Socket> {
  const socket = meetSocket(baseUrl, cookie);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => reject(new Error(`the socket was refused: ${error.message}`)));
    socket.connect();
  });
  return socket;
}

/** The message of the handshake refusal a `/meet` socket gets; fails if it connects instead. */
export function meetRefusalOf(baseUrl: string, cookie: string | undefined): Promise<string> {
  const socket = meetSocket(baseUrl, cookie);
  return new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was accepted')));
    socket.once('connect_error', (error) => resolve(error.message));
    socket.connect();
  });
}

/** Emits and waits for the ack. */
export const ask = <T>(socket: Socket, event: string, payload?: unknown): Promise<T> => socket.timeout(EVENT_TIMEOUT_MS).emitWithAck(event, payload) as Promise<T>;
export const join = (socket: Socket, roomId: string) => ask<JoinAck>(socket, 'join', { roomId });

/** The next `event` the socket receives. */
export function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), EVENT_TIMEOUT_MS);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * A round trip on this socket's own connection: the server writes a connection's packets in order, so an
 * event it emitted to this socket before answering would have arrived before the answer. Saying "nothing
 * arrived" after it needs no sleep.
 */
export const roundTrip = (socket: Socket) => ask(socket, 'signal', { hello: 'barrier' });

/** Closes every `/meet` client a test opened. */
export function closeMeetSockets(): void {
  for (const socket of openSockets) socket.close();
  openSockets.clear();
}
