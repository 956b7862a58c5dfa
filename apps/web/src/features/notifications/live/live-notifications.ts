import { SOCKET_RECONNECTION_DELAY_MAX_MS, SOCKET_RECONNECTION_DELAY_MS } from '@skillroute/shared/constants';
import { userEventName } from '@skillroute/shared/notifications';
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
 * that were missed. A refused handshake (an expired access token, a revoked session) is different:
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
    if (!stopped) handlers.onNotification(payload);
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
    socket.disconnect();
  };
}
