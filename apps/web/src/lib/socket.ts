import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_PATH,
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
} from '@skillroute/shared/constants';

/**
 * The part of a socket.io client socket that the app uses (live notifications today; video rooms share the
 * same connection path). Tests hand in a fake with the same shape (see setSocketFactory); the app gets the real one.
 */
export interface AppSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
  /**
   * False after the server refused the handshake or closed the socket itself: socket.io then stops
   * retrying on its own (a plain network drop keeps it true and socket.io retries).
   */
  readonly active: boolean;
}

export type SocketFactory = () => Promise<AppSocket>;

/**
 * socket.io-client is imported here, on first use, so only signed-in people download it (the anonymous
 * home page stays under its budget). Same origin: the session cookie authenticates the handshake.
 */
const openRealSocket: SocketFactory = async () => {
  const { io } = await import('socket.io-client');
  return io(socketOptions);
};

const socketOptions = {
  path: SOCKET_PATH,
  autoConnect: false,
  withCredentials: true,
  reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
  timeout: SOCKET_CONNECT_TIMEOUT_MS,
} as const;

/** A socket the app also sends on, with acks (the video rooms' signalling). */
export interface SendingSocket extends AppSocket {
  emit(event: string, ...args: unknown[]): unknown;
  readonly connected: boolean;
}

export type NamespaceSocketFactory = (namespace: string) => Promise<SendingSocket>;

/**
 * A socket of another namespace of the same server (the video rooms' `/meet`), not connected yet: same path,
 * cookie and retry schedule as the notifications' socket; socket.io shares one connection between them.
 */
const openRealNamespaceSocket: NamespaceSocketFactory = async (namespace) => {
  const { io } = await import('socket.io-client');
  return io(namespace, socketOptions);
};

let namespaceFactory: NamespaceSocketFactory = openRealNamespaceSocket;

export function openNamespaceSocket(namespace: string): Promise<SendingSocket> {
  return namespaceFactory(namespace);
}

/** The seam for tests, as setSocketFactory: every namespace socket opened from now on comes from `next`. */
export function setNamespaceSocketFactory(next: NamespaceSocketFactory): () => void {
  const previous = namespaceFactory;
  namespaceFactory = next;
  return () => {
    namespaceFactory = previous;
  };
}

let factory: SocketFactory = openRealSocket;

/** Creates a socket that is not connected yet. */
export function openSocket(): Promise<AppSocket> {
  return factory();
}

/** The seam for tests: every socket opened from now on comes from `next`. Returns the way back. */
export function setSocketFactory(next: SocketFactory): () => void {
  const previous = factory;
  factory = next;
  return () => {
    factory = previous;
  };
}
