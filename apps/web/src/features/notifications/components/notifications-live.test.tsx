// Live notifications as the app composes them: the bell in the header and the socket in the root layout,
// driven through a fake socket (src/test/fake-socket.ts) and the fake server. The real socket is covered
// by the api's integration tests and the browser journey.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '@/features/auth/api';
import { setSocketFactory } from '@/lib/socket';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { fakeSocketFactory } from '@/test/fake-socket';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;
const countPath = '/api/user/notifications/notification-count/ada%40example.com';

let sockets: ReturnType<typeof fakeSocketFactory>;
let restoreFactory: () => void;

beforeEach(() => {
  sockets = fakeSocketFactory();
  restoreFactory = setSocketFactory(sockets.factory);
});

afterEach(() => {
  restoreFactory();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

/** A server whose unread count the test changes; every other route as given. */
function serverWithCount(initial: number, routes: Routes = {}) {
  const state = { unread: initial };
  const server = serve({
    'GET /api/auth/session': () => json(200, { user: ada }),
    [`GET ${countPath}`]: () => json(200, { notificationCount: state.unread }),
    ...routes,
  });
  return { ...server, state };
}

function signedInAt(path: string) {
  const store = makeTestStore();
  store.dispatch(login(ada));
  return renderRoutes(routes, path, store);
}

/** A link in the header by its name (the header itself appears once the first page has loaded). */
async function findHeaderLink(name: string) {
  return within(await screen.findByRole('banner')).findByRole('link', { name });
}

async function connectedSocket() {
  await waitFor(() => expect(sockets.latest()?.connectCalls).toBe(1));
  const socket = sockets.latest()!;
  act(() => socket.accept());
  return socket;
}

describe('the header bell', () => {
  it('is not there for an anonymous visitor, and no socket is opened', async () => {
    serve({});
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    expect(
      within(screen.getByRole('banner')).queryByRole('link', { name: /Notifications/ }),
    ).not.toBeInTheDocument();
    expect(sockets.sockets).toHaveLength(0);
  });

  it('shows the unread count and links to /notifications', async () => {
    serverWithCount(3);
    signedInAt('/');
    const bell = await findHeaderLink('Notifications, 3 unread');
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(within(bell).getByText('3')).toBeInTheDocument();
  });

  it('shows "9+" above 9, with the exact count in its name', async () => {
    serverWithCount(12);
    signedInAt('/');
    const bell = await findHeaderLink('Notifications, 12 unread');
    expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('9+');
  });

  it('has no badge at 0', async () => {
    const { callsTo } = serverWithCount(0);
    signedInAt('/');
    const bell = await findHeaderLink('Notifications');
    await waitFor(() => expect(callsTo('GET', countPath)).toHaveLength(1));
    expect(within(bell).queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('has no badge when the count cannot be read', async () => {
    serve({
      'GET /api/auth/session': () => json(200, { user: ada }),
      [`GET ${countPath}`]: () => envelope(500, 'Down'),
    });
    signedInAt('/');
    const bell = await findHeaderLink('Notifications');
    expect(within(bell).queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('reads the count again when the tab regains focus (marked read in another tab sends no event)', async () => {
    const { state } = serverWithCount(3);
    signedInAt('/');
    await findHeaderLink('Notifications, 3 unread');
    state.unread = 0;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await findHeaderLink('Notifications')).toBeInTheDocument();
  });
});

describe('the live socket', () => {
  it('connects for a signed-in person and disconnects on sign-out', async () => {
    serverWithCount(0);
    const { store } = signedInAt('/');
    const socket = await connectedSocket();
    expect(socket.listensTo('user:ada@example.com')).toBe(true);
    act(() => {
      store.dispatch(logout());
    });
    await waitFor(() => expect(socket.disconnectCalls).toBe(1));
    expect(sockets.sockets).toHaveLength(1);
  });

  it('connects when someone signs in during the visit', async () => {
    serverWithCount(0);
    const { store } = renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    expect(sockets.sockets).toHaveLength(0);
    act(() => {
      store.dispatch(login(ada));
    });
    await connectedSocket();
  });

  it('on an event shows a toast with the type and message, and reads the count again', async () => {
    const { state } = serverWithCount(1);
    signedInAt('/');
    const socket = await connectedSocket();
    await findHeaderLink('Notifications, 1 unread');
    state.unread = 2;
    act(() =>
      socket.emit('user:ada@example.com', {
        id: '8a1f3c4e-0000-4000-8000-000000000001',
        type: 'security',
        message: 'New sign-in to your account',
        link: '/profile/general',
        createdAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Security')).toBeInTheDocument();
    expect(screen.getByText('New sign-in to your account')).toBeInTheDocument();
    expect(await findHeaderLink('Notifications, 2 unread')).toBeInTheDocument();
  });

  it('on an event while /notifications is open, the new one appears at the top of the list', async () => {
    const listPath = '/api/user/notifications/ada%40example.com';
    const older = {
      id: '8a1f3c4e-0000-4000-8000-000000000001',
      type: 'welcome',
      message: 'Welcome to Skillroute',
      link: null,
      read: true,
      createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    };
    const newer = {
      ...older,
      id: '8a1f3c4e-0000-4000-8000-000000000002',
      type: 'security',
      message: 'New sign-in to your account',
      read: false,
    };
    const rows = [older];
    serverWithCount(0, { [`GET ${listPath}`]: () => json(200, { notifications: rows, hasMore: false }) });
    signedInAt('/notifications');
    const socket = await connectedSocket();
    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    rows.unshift(newer);
    const { read: _read, ...event } = newer;
    act(() => socket.emit('user:ada@example.com', event));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Unread: Security');
  });

  it('shows "Notification" and "You have a new update" for an event without type or message', async () => {
    serverWithCount(0);
    signedInAt('/');
    const socket = await connectedSocket();
    act(() => socket.emit('user:ada@example.com', {}));
    expect(await screen.findByText('Notification')).toBeInTheDocument();
    expect(screen.getByText('You have a new update')).toBeInTheDocument();
  });

  it('re-reads the count after a reconnect, catching up on what was missed', async () => {
    const { state, callsTo } = serverWithCount(0);
    signedInAt('/');
    const socket = await connectedSocket();
    await waitFor(() => expect(callsTo('GET', countPath).length).toBeGreaterThanOrEqual(1));
    act(() => socket.drop());
    state.unread = 4; // created while the socket was down: no event arrives for it
    act(() => socket.accept());
    expect(await findHeaderLink('Notifications, 4 unread')).toBeInTheDocument();
  });

  it('on /notifications, re-reads the list after a gap in the live channel, and toasts no event that came late', async () => {
    const listPath = '/api/user/notifications/ada%40example.com';
    const row = (id: number, message: string) => ({
      id: `8a1f3c4e-0000-4000-8000-00000000000${id}`,
      type: 'slot_available',
      message,
      link: null,
      read: false,
      createdAt: new Date(Date.now() - 30_000).toISOString(),
    });
    const rows = [row(1, 'First')];
    const { callsTo } = serverWithCount(0, {
      [`GET ${listPath}`]: () => json(200, { notifications: rows, hasMore: false }),
    });
    signedInAt('/notifications');
    const socket = await connectedSocket();
    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    // The server's Redis was away: a row was made on another replica and its event was lost.
    rows.unshift(row(2, 'Made while Redis was away'));
    act(() => socket.emit('resync'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    // The same row's event, delivered 30 s after it was sent once Redis returned: no toast, the list as it is.
    const readsBefore = callsTo('GET', listPath).length;
    const { read: _read, ...late } = rows[0]!;
    act(() => socket.emit('server-time', Date.now()));
    act(() => socket.emit('user:ada@example.com', { ...late, sentAt: Date.now() - 30_000 }));
    await waitFor(() => expect(callsTo('GET', listPath).length).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('status', { name: /Made while Redis was away/ })).not.toBeInTheDocument();
    expect(screen.queryAllByText('Made while Redis was away')).toHaveLength(1);
  });

  it('after a refused handshake asks the base query, which signs out a session that is over', async () => {
    const { callsTo } = serverWithCount(0);
    const { store } = signedInAt('/');
    const socket = await connectedSocket();
    await findHeaderLink('Notifications');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(401, 'You need to sign in.')),
    );
    act(() => socket.refuse());
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    await waitFor(() => expect(socket.disconnectCalls).toBe(1));
    expect(socket.connectCalls).toBe(1);
    expect(callsTo('GET', countPath).length).toBeGreaterThanOrEqual(1);
    expect(await findHeaderLink('Sign in')).toBeInTheDocument();
  });

  it('after a refused handshake with an expired access token renews it and connects again', async () => {
    let tokenExpired = true;
    const { callsTo } = serverWithCount(0, {
      [`GET ${countPath}`]: () =>
        tokenExpired ? envelope(401, 'You need to sign in.') : json(200, { notificationCount: 0 }),
      'POST /api/auth/refreshToken': () => {
        tokenExpired = false;
        return json(200, { user: ada });
      },
    });
    const { store } = signedInAt('/');
    await waitFor(() => expect(callsTo('POST', '/api/auth/refreshToken')).toHaveLength(1));
    tokenExpired = true;
    const socket = await connectedSocket();
    act(() => socket.refuse());
    await waitFor(() => expect(callsTo('POST', '/api/auth/refreshToken')).toHaveLength(2));
    await waitFor(() => expect(socket.connectCalls).toBe(2), { timeout: 3000 });
    expect(store.getState().auth.user).toEqual(ada);
  });
});
