import type { AppSocket, SendingSocket, SocketFactory } from '@/lib/socket';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for a socket.io client socket, driven by the test: it records connect and disconnect calls
 * and lets the test play the server's part (accept, refuse, drop, emit).
 */
export class FakeSocket implements AppSocket {
  active = false;
  connected = false;
  connectCalls = 0;
  disconnectCalls = 0;
  private listeners = new Map<string, Listener[]>();

  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }

  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect() {
    this.disconnectCalls += 1;
    const wasConnected = this.connected;
    this.active = false;
    this.connected = false;
    if (wasConnected) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** The server accepted the handshake (first time or after a drop). */
  accept() {
    this.connected = true;
    this.fire('connect');
  }

  /** The server refused the handshake: socket.io stops retrying on its own. */
  refuse() {
    this.active = false;
    this.fire('connect_error', new Error('unauthorized'));
  }

  /** A network failure while connecting: socket.io keeps retrying. */
  failToReach() {
    this.fire('connect_error', new Error('xhr poll error'));
  }

  /** The connection dropped (sleep, server restart); socket.io will reconnect by itself. */
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The server closed this socket itself (signed out, blocked). */
  kick() {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io server disconnect');
  }

  /** The server emitted `event` to this socket. */
  emit(event: string, payload?: unknown) {
    this.fire(event, payload);
  }

  listensTo(event: string): boolean {
    return (this.listeners.get(event)?.length ?? 0) > 0;
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/** A factory that hands out fake sockets and remembers them, newest last. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return Promise.resolve(socket);
  };
  return { factory, sockets, latest: () => sockets.at(-1) };
}

/** A socket.io client socket the app sends on (the `/meet` namespace), with the test playing the server. */
export class FakeMeetSocket implements SendingSocket {
  connected = false;
  active = false;
  connectCalls = 0;
  readonly emitted: { event: string; payload: unknown; ack?: Listener }[] = [];
  private listeners = new Map<string, Listener[]>();

  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
  }
  emit(event: string, payload?: unknown, ack?: Listener) {
    this.emitted.push({ event, payload, ack });
  }
  connect() {
    this.connectCalls += 1;
    this.active = true;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
  }
  accept() {
    this.connected = true;
    this.fire('connect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  refuse(message = 'unauthorized') {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
  serverEmits(event: string, payload?: unknown) {
    this.fire(event, payload);
  }
  lastOf(event: string) {
    return this.emitted.filter((e) => e.event === event).at(-1);
  }
  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}
