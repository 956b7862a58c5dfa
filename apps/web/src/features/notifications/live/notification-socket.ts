import { SOCKET_CONNECT_TIMEOUT_MS, SOCKET_PATH, SOCKET_RECONNECTION_DELAY_MAX_MS, SOCKET_RECONNECTION_DELAY_MS } from '@skillroute/shared/constants';

/**
 * The part of a socket.io client socket that live notifications use. Tests hand in a fake with the same
 * shape (see setNotificationSocketFactory); the app gets the real one.
 */
export interface NotificationSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
  /**
   * False after the server refused the handshake or closed the socket itself: socket.io then stops
   * retrying on its own (a plain network drop keeps it true and socket.io retries).
   */
  readonly active: boolean;
}

export type NotificationSocketFactory = () => Promise<NotificationSocket>;

/**
 * socket.io-client is imported here, on first use, so only signed-in people download it (the anonymous
 * home page stays under its budget). Same origin: the session cookie authenticates the handshake.
 */
const openRealSocket: NotificationSocketFactory = async () => {
  const { io } = await import('socket.io-client');
  return io({
    path: SOCKET_PATH,
    autoConnect: false,
    withCredentials: true,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
  });
};

let factory: NotificationSocketFactory = openRealSocket;

/** Creates a socket that is not connected yet. */
export function openNotificationSocket(): Promise<NotificationSocket> {
  return factory();
}

/** The seam for tests: every socket opened from now on comes from `next`. Returns the way back. */
export function setNotificationSocketFactory(next: NotificationSocketFactory): () => void {
  const previous = factory;
  factory = next;
  return () => {
    factory = previous;
  };
}
