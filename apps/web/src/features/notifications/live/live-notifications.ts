import { SOCKET_RECONNECTION_DELAY_MAX_MS, SOCKET_RECONNECTION_DELAY_MS } from '@skillroute/shared/constants';
import {
  LIVE_EVENT_MAX_AGE_MS,
  RESYNC_EVENT,
  SERVER_TIME_EVENT,
  userEventName,
} from '@skillroute/shared/notifications';
import type { AppSocket } from '@/lib/socket';

export interface LiveNotificationHandlers {
  /** A notification for this person was just created (the payload is as it came off the wire). */
  onNotification(payload: unknown): void;
  /** The socket is (back) up: what happened while it was down must be read from the server. */
  onResync(): void;
  /**
   * The server refused the socket or closed it. Asks the server, through the base query (which renews an
   * expired access token, or ends the local session when it cannot), whether the session still holds.
   */
  checkSession(): Promise<boolean>;
}

/**
 * Whether a live event came too late to be shown as news: sent (by the server's clock) more than
 * LIVE_EVENT_MAX_AGE_MS before `serverNow`, the server's time as this client reckons it. An event without
 * `sentAt` (an older server) is taken as live.
 */
export function isStaleLiveEvent(payload: unknown, serverNow: number): boolean {
  const sentAt = (payload as { sentAt?: unknown } | null)?.sentAt;
  return typeof sentAt === 'number' && serverNow - sentAt > LIVE_EVENT_MAX_AGE_MS;
}

/** After late events, one re-read of the rows at most this often, however many arrive (a backlog replayed). */
export const STALE_RESYNC_DELAY_MS = 1000;

/** After this many refusals in a row with a session the server still accepts, stop trying until next load. */
export const MAX_REFUSALS_IN_A_ROW = 3;

/** The wait before the n-th retry after a refusal: the spec's 1 s, doubling, at most 5 s (spec §9). */
export function retryDelayAfterRefusal(refusalsInARow: number): number {
  return Math.min(
    SOCKET_RECONNECTION_DELAY_MS * 2 ** Math.max(0, refusalsInARow - 1),
    SOCKET_RECONNECTION_DELAY_MAX_MS,
  );
}

/**
 * Wires one socket to one signed-in person and connects it; returns the function that ends it.
 *
 * socket.io retries a dropped connection by itself (laptop sleep, server restart) and emits `connect`
 * again when it is back; every `connect` re-reads the count and the list, so nothing depends on events
 * that were missed. So does the server's `resync` (its Redis was away, so other replicas' events may be
 * lost). An event that arrives more than LIVE_EVENT_MAX_AGE_MS after it was sent, in the server's time
 * (its `server-time` at connect gives this client's offset), is no news: no toast, and the rows are read
 * again instead, once for a whole backlog. A refused handshake (an expired access token, a revoked session) is different:
 * socket.io gives up at once, so this asks for a session check and reconnects only when the session is
 * still good (the check may just have renewed the cookie). A session that is over ends in the base query
 * signing the person out, which unmounts this; never an endless retry loop.
 */
export function startLiveNotifications(
  socket: AppSocket,
  email: string,
  handlers: LiveNotificationHandlers,
): () => void {
  let stopped = false;
  let checking = false;
  let refusalsInARow = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let staleResyncTimer: ReturnType<typeof setTimeout> | undefined;
  /** The server's clock minus this one's, as of the last connect. */
  let serverOffsetMs = 0;

  function resyncSoon() {
    if (staleResyncTimer !== undefined) return;
    staleResyncTimer = setTimeout(() => {
      staleResyncTimer = undefined;
      if (!stopped) handlers.onResync();
    }, STALE_RESYNC_DELAY_MS);
  }

  function refused() {
    if (stopped || checking) return;
    refusalsInARow += 1;
    if (refusalsInARow > MAX_REFUSALS_IN_A_ROW) return;
    checking = true;
    handlers
      .checkSession()
      .catch(() => false)
      .then((sessionHolds) => {
        checking = false;
        if (!sessionHolds || stopped) return;
        retryTimer = setTimeout(() => socket.connect(), retryDelayAfterRefusal(refusalsInARow));
      });
  }

  socket.on(userEventName(email), (payload: unknown) => {
    if (stopped) return;
    if (isStaleLiveEvent(payload, Date.now() + serverOffsetMs)) resyncSoon();
    else handlers.onNotification(payload);
  });
  socket.on(SERVER_TIME_EVENT, (serverTime: number) => {
    if (typeof serverTime === 'number') serverOffsetMs = serverTime - Date.now();
  });
  socket.on(RESYNC_EVENT, () => {
    if (!stopped) handlers.onResync();
  });
  socket.on('connect', () => {
    refusalsInARow = 0;
    if (!stopped) handlers.onResync();
  });
  socket.on('connect_error', () => {
    // While `active`, socket.io is retrying a network failure on its own schedule.
    if (!socket.active) refused();
  });
  socket.on('disconnect', (reason: string) => {
    if (reason === 'io server disconnect') refused();
  });
  socket.connect();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(staleResyncTimer);
    socket.disconnect();
  };
}
