import type { SendingSocket } from '@/lib/socket';
import { meetLimitMessages } from '@skillroute/shared/marketplace-limits';
import {
  chatMessageSchema,
  roomClosedSchema,
  signalSchema,
  type ChatAck,
  type ChatMessage,
  type JoinAck,
  type Signal,
} from '@skillroute/shared/meet';

/** The `/meet` namespace's socket (a socket.io client socket; tests hand in a double). */
export type MeetSocket = SendingSocket;

export interface SignallingHandlers {
  /** The server let this person in (first time, or again after a reconnect). */
  onJoined(room: Extract<JoinAck, { ok: true }>): void;
  /**
   * The server refused the join (outside the window, not theirs) or the socket (open in too many windows), or
   * closed the room under the call (cancelled, or its time is up): its message says why.
   */
  onRefused(message: string): void;
  onPeerJoined(): void;
  onPeerLeft(): void;
  onSignal(signal: Signal): void;
  onChat(message: ChatMessage): void;
  /** The socket is up or down; while down the page says it is reconnecting. */
  onConnectedChange(connected: boolean): void;
  /** The handshake was refused (an expired access token): whether the session still holds, renewing it if it can. */
  checkSession(): Promise<boolean>;
}

export interface Signalling {
  send(signal: Signal): void;
  chat(text: string): Promise<ChatAck>;
  /** Tells the server this person left, then closes the socket. */
  leave(): void;
  /** Closes the socket without a word (the page unmounts). */
  stop(): void;
}

/** How long a chat message waits for the server's word before it is reported as not sent. */
export const CHAT_ACK_TIMEOUT_MS = 10_000;
/** Refused handshakes in a row, with a session that still holds, before giving up until the page is reloaded. */
export const MAX_REFUSED_HANDSHAKES = 3;
export const offlineMessage = 'You are offline; the message was not sent.';

/**
 * The signalling of one room over the `/meet` namespace (DESIGN §5). socket.io reconnects a dropped socket
 * by itself and emits `connect` again; every `connect` joins the room again, since the server forgets a
 * socket's rooms when it goes. Signals are sent only while connected: socket.io would otherwise buffer them
 * and deliver stale descriptions to a peer connection that has moved on.
 */
export function startSignalling(
  socket: MeetSocket,
  roomId: string,
  handlers: SignallingHandlers,
): Signalling {
  let stopped = false;
  let refusedHandshakes = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  socket.on('connect', () => {
    if (stopped) return;
    refusedHandshakes = 0;
    handlers.onConnectedChange(true);
    socket.emit('join', { roomId }, (ack: JoinAck) => {
      if (stopped) return;
      if (ack.ok) handlers.onJoined(ack);
      else handlers.onRefused(ack.message);
    });
  });
  socket.on('disconnect', (reason: string) => {
    if (stopped) return;
    handlers.onConnectedChange(false);
    if (reason === 'io server disconnect') handshakeRefused();
  });
  socket.on('connect_error', (error: Error) => {
    // While `active`, socket.io is retrying a network failure on its own.
    if (stopped || socket.active) return;
    // The room is open in too many windows already: trying again would not help, the person is told why.
    if (error.message === meetLimitMessages.tooManySockets) return handlers.onRefused(error.message);
    handshakeRefused();
  });
  socket.on('peer-joined', () => !stopped && handlers.onPeerJoined());
  socket.on('peer-left', () => !stopped && handlers.onPeerLeft());
  socket.on('signal', (payload: unknown) => {
    const signal = signalSchema.safeParse(payload);
    if (!stopped && signal.success) handlers.onSignal(signal.data);
  });
  socket.on('room-closed', (payload: unknown) => {
    const closed = roomClosedSchema.safeParse(payload);
    if (!stopped && closed.success) handlers.onRefused(closed.data.message);
  });
  socket.on('chat', (payload: unknown) => {
    const message = chatMessageSchema.safeParse(payload);
    if (!stopped && message.success) handlers.onChat(message.data);
  });

  function handshakeRefused() {
    refusedHandshakes += 1;
    if (refusedHandshakes > MAX_REFUSED_HANDSHAKES) return;
    handlers
      .checkSession()
      .catch(() => false)
      .then((holds) => {
        if (holds && !stopped) retryTimer = setTimeout(() => socket.connect(), 1000 * refusedHandshakes);
      });
  }

  socket.connect();

  function stop() {
    stopped = true;
    clearTimeout(retryTimer);
    socket.disconnect();
  }

  return {
    send(signal) {
      if (!stopped && socket.connected) socket.emit('signal', signal);
    },
    chat(text) {
      if (stopped || !socket.connected) return Promise.resolve({ ok: false, message: offlineMessage });
      return new Promise<ChatAck>((resolve) => {
        const timer = setTimeout(() => resolve({ ok: false, message: offlineMessage }), CHAT_ACK_TIMEOUT_MS);
        socket.emit('chat', { text }, (ack: ChatAck) => {
          clearTimeout(timer);
          resolve(ack);
        });
      });
    },
    leave() {
      if (socket.connected) socket.emit('leave');
      stop();
    },
    stop,
  };
}
