import type { SendingSocket } from '@/lib/socket';
import { msg } from '@skillroute/shared/i18n/msg';
import { meetLimitMessages } from '@skillroute/shared/marketplace-limits';
import {
  chatMessageSchema,
  mediaStateSchema,
  movedAwaySchema,
  roomClosedSchema,
  signalSchema,
  type ChatAck,
  type ChatMessage,
  type JoinAck,
  type JoinRequest,
  type MediaState,
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
  /**
   * The call is in another tab of this person: this one stays out of the room until `takeOver` (`moved`: the
   * other tab took it from this one). Either way the message says so.
   */
  onElsewhere(message: string, moved: boolean): void;
  onPeerJoined(): void;
  onPeerLeft(): void;
  onSignal(signal: Signal): void;
  /** The other person's camera or microphone went on or off (or they said so on arriving). */
  onPeerMediaState(state: MediaState): void;
  onChat(message: ChatMessage): void;
  /** The socket is up or down; while down the page says it is reconnecting. */
  onConnectedChange(connected: boolean): void;
  /** The handshake was refused (an expired access token): whether the session still holds, renewing it if it can. */
  checkSession(): Promise<boolean>;
}

export interface Signalling {
  send(signal: Signal): void;
  /** Tells the other person whether this side's camera and microphone are on (the newest state wins). */
  sendMediaState(state: MediaState): void;
  /** Moves the call here from this person's other tab ("Use here instead"). */
  takeOver(): void;
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
export const offlineMessage = msg('You are offline; the message was not sent.');
/** How long a media state refused for its rate waits before the newest one is sent again. */
export const MEDIA_STATE_RETRY_MS = 2_000;

/**
 * The signalling of one room over the `/meet` namespace (DESIGN §5). socket.io reconnects a dropped socket
 * by itself and emits `connect` again; every `connect` joins the room again, since the server forgets a
 * socket's rooms when it goes. Signals are sent only while connected: socket.io would otherwise buffer them
 * and deliver stale descriptions to a peer connection that has moved on.
 *
 * The joins of one page carry its `tabId`, so the server tells a reconnect of this page (let in at once) from
 * another tab of the same person (kept out until it takes the call over). A page that is out of the room
 * because the call is elsewhere does not join again on reconnecting; `takeOver` does.
 */
export function startSignalling(
  socket: MeetSocket,
  roomId: string,
  handlers: SignallingHandlers,
): Signalling {
  let stopped = false;
  let refusedHandshakes = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const tabId = crypto.randomUUID();
  /** Out of the room while the call is in another tab of this person. */
  let elsewhere = false;
  let mediaState: MediaState | undefined;
  let mediaStateRetry: ReturnType<typeof setTimeout> | undefined;

  function join(takeOver: boolean) {
    const request: JoinRequest = takeOver ? { roomId, tabId, takeOver } : { roomId, tabId };
    socket.emit('join', request, (ack: JoinAck) => {
      if (stopped) return;
      if (ack.ok) {
        elsewhere = false;
        handlers.onJoined(ack);
      } else if (ack.openElsewhere) {
        elsewhere = true;
        handlers.onElsewhere(ack.message, false);
      } else handlers.onRefused(ack.message);
    });
  }

  function emitMediaState() {
    if (stopped || elsewhere || !socket.connected || mediaState === undefined) return;
    socket.emit('media-state', mediaState, (ack: { ok: boolean; message?: string }) => {
      // Refused for its rate (a finger on the M key): the newest state goes once the window has moved on.
      if (stopped || ack.ok || ack.message !== meetLimitMessages.mediaStateRate || mediaStateRetry) return;
      mediaStateRetry = setTimeout(() => {
        mediaStateRetry = undefined;
        emitMediaState();
      }, MEDIA_STATE_RETRY_MS);
    });
  }

  socket.on('connect', () => {
    if (stopped) return;
    refusedHandshakes = 0;
    handlers.onConnectedChange(true);
    if (!elsewhere) join(false);
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
  socket.on('media-state', (payload: unknown) => {
    const state = mediaStateSchema.safeParse(payload);
    if (!stopped && state.success) handlers.onPeerMediaState(state.data);
  });
  socket.on('moved-away', (payload: unknown) => {
    const moved = movedAwaySchema.safeParse(payload);
    if (stopped || !moved.success) return;
    elsewhere = true;
    handlers.onElsewhere(moved.data.message, true);
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
    clearTimeout(mediaStateRetry);
    socket.disconnect();
  }

  return {
    send(signal) {
      if (!stopped && socket.connected) socket.emit('signal', signal);
    },
    sendMediaState(state) {
      mediaState = state;
      emitMediaState();
    },
    takeOver() {
      if (!stopped && socket.connected) join(true);
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
