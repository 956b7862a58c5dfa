import type { Page } from '@playwright/test';
import { SOCKET_PATH } from '@skillroute/shared/constants';

/** socket.io's CONNECT acknowledgement ("4" message, "0" connect, then the session id), alone or in a batch. */
const isConnectAck = (payload: string) =>
  payload.split('\u001e').some((packet) => packet.startsWith('40{"sid"'));

/**
 * Counts the times the page's notification socket was acknowledged by the server, over long polling or
 * the WebSocket. The server joins the person's room before it acknowledges, so from then on what is
 * emitted to them reaches this page. Call before the page loads the app.
 */
export function watchLiveSocket(page: Page): { connections: () => number } {
  let connections = 0;
  page.on('response', async (response) => {
    if (!response.url().includes(SOCKET_PATH)) return;
    const body = await response.text().catch(() => '');
    if (isConnectAck(body)) connections += 1;
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes(SOCKET_PATH)) return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && isConnectAck(payload)) connections += 1;
    });
  });
  return { connections: () => connections };
}
