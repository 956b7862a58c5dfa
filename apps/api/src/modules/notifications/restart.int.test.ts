import { userEventName, type NotificationEvent } from '@skillroute/shared/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/helpers';
import {
  closeAllSockets,
  connectedSocket,
  createSignedInUser,
  disconnectionOf,
  listen,
  record,
  waitFor,
  type SignedIn,
} from '../../../test/sockets';
import { notify } from '../../../test/notify';

// Two apps in turn on one database and one port, as a server restart leaves them.
let database: TestDatabase;
let before: TestApp;
let after: TestApp | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  before = await buildTestApp({ databaseUrl: database.url });
});
afterAll(async () => {
  closeAllSockets();
  await after?.close();
  await database.drop();
});

it('a client reconnects by itself after a restart, and re-reading the count shows what happened meanwhile', async () => {
  const baseUrl = await listen(before.app);
  const port = new URL(baseUrl).port;
  const ada: SignedIn = await createSignedInUser(before, 'ada@example.org');
  const socket = await connectedSocket(baseUrl, ada.cookie);
  const events = record<NotificationEvent>(socket, userEventName(ada.email));
  const countNow = async () => {
    const response = await fetch(`${baseUrl}/api/user/notifications/notification-count/${ada.email}`, {
      headers: { cookie: ada.cookie },
    });
    return ((await response.json()) as { notificationCount: number }).notificationCount;
  };
  expect(await countNow()).toBe(0);

  const dropped = disconnectionOf(socket);
  await before.close();
  expect(await dropped).toBe('transport close');

  // While nothing listens, a notification is written: its row is all there is of it.
  after = await buildTestApp({ databaseUrl: database.url });
  const missed = await notify(after.app, ada.id, {
    type: 'booking_cancelled',
    message: 'Your booking was cancelled',
  });
  const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  await listen(after.app, Number(port));
  await reconnected;

  // What a client does on every reconnect: read the count again. The event itself was never sent.
  expect(await countNow()).toBe(1);
  expect(events).toEqual([]);

  // And the new server rings the reconnected socket.
  const next = await notify(after.app, ada.id, {
    type: 'booking_confirmed',
    message: 'Booked again',
  });
  expect((await waitFor(() => events[0], 'the event after the restart')).id).toBe(next.id);
  expect(missed.id).not.toBe(next.id);
});
