import type { NotificationItem } from '@skillroute/shared/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { login } from '@/features/auth/api';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type RecordedCall, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { NotificationBell } from '../components/notification-bell';
import { NotificationsPage } from './notifications-page';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;
const listPath = '/api/user/notifications/ada%40example.com';
const countPath = '/api/user/notifications/notification-count/ada%40example.com';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function item(n: number, changes: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'booking_confirmed',
    message: `Message ${n}`,
    link: '/profile/bookings',
    read: false,
    createdAt: minutesAgo(n),
    ...changes,
  };
}

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

/** The page with the header's bell beside it, so a test sees the badge follow. */
function openPage() {
  const store = makeTestStore();
  store.dispatch(login(ada));
  return renderRoutes(
    [
      {
        path: '/notifications',
        element: (
          <>
            <NotificationBell email={ada.email} />
            <NotificationsPage />
            <Toaster />
          </>
        ),
      },
      { path: '/profile/bookings', element: <h1>Your bookings</h1> },
    ],
    '/notifications',
    store,
  );
}

/** A server holding `items` (newest first) that pages them 20 at a time and marks them read. */
function serveNotifications(items: NotificationItem[], routes: Routes = {}) {
  const unread = () => items.filter((entry) => !entry.read).length;
  return serve({
    [`GET ${listPath}`]: ({ query }: RecordedCall) => {
      const skip = Number(query.get('skip'));
      return json(200, { notifications: items.slice(skip, skip + 20), hasMore: skip + 20 < items.length });
    },
    [`GET ${countPath}`]: () => json(200, { notificationCount: unread() }),
    'PUT /api/user/notifications/read': ({ body }: RecordedCall) => {
      const ids = (body as { ids?: string[] }).ids;
      for (const entry of items) if (!ids || ids.includes(entry.id)) entry.read = true;
      return json(200, { notificationCount: unread() });
    },
    ...routes,
  });
}

const list = () => screen.findByRole('list', { name: 'Notifications, newest first' });
const bell = (name: string) => screen.findByRole('link', { name });

describe('the notifications page', () => {
  it('lists notifications newest first, marking the unread ones for eyes and screen readers', async () => {
    const recent = item(5);
    serveNotifications([
      recent,
      item(90, { read: true, type: 'welcome', message: 'Welcome to Skillroute', link: null }),
    ]);
    openPage();
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);

    expect(rows[0]).toHaveAttribute('data-unread');
    expect(rows[0]).toHaveTextContent('Unread: Booking confirmed');
    expect(within(rows[0]!).getByRole('link', { name: 'Message 5' })).toHaveAttribute(
      'href',
      '/profile/bookings',
    );
    const time = within(rows[0]!).getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', recent.createdAt);
    expect(time.getAttribute('title')).toMatch(/\d{4}/);

    expect(rows[1]).not.toHaveAttribute('data-unread');
    expect(rows[1]).not.toHaveTextContent('Unread');
    expect(rows[1]).toHaveTextContent('Welcome');
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 hour ago')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    serveNotifications([]);
    openPage();
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let fail = true;
    const items = [item(1)];
    serveNotifications(items, {
      [`GET ${listPath}`]: () =>
        fail
          ? envelope(500, 'Something went wrong on our side. Please try again later.')
          : json(200, { notifications: items, hasMore: false }),
    });
    const user = userEvent.setup();
    openPage();
    expect(screen.getByText('Loading notifications…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again later.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('loads 20 at a time; "Load more" appends the next page with skip=20', async () => {
    const items = Array.from({ length: 23 }, (_, index) => item(index + 1));
    const { callsTo } = serveNotifications(items);
    const user = userEvent.setup();
    openPage();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(20);
    expect(callsTo('GET', listPath).map((call) => call.query.get('skip'))).toEqual(['0']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Notifications, newest first' })).getAllByRole('listitem'),
      ).toHaveLength(23),
    );
    expect(callsTo('GET', listPath).map((call) => call.query.get('skip'))).toEqual(['0', '20']);
    const rows = within(screen.getByRole('list', { name: 'Notifications, newest first' })).getAllByRole(
      'listitem',
    );
    expect(rows[0]).toHaveTextContent('Message 1');
    expect(rows[22]).toHaveTextContent('Message 23');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps what it has and says so when the next page fails', async () => {
    const items = Array.from({ length: 21 }, (_, index) => item(index + 1));
    serveNotifications(items, {
      [`GET ${listPath}`]: ({ query }) =>
        query.get('skip') === '0'
          ? json(200, { notifications: items.slice(0, 20), hasMore: true })
          : envelope(503, 'The service is unavailable right now.'),
    });
    const user = userEvent.setup();
    openPage();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable right now.');
    expect(
      within(screen.getByRole('list', { name: 'Notifications, newest first' })).getAllByRole('listitem'),
    ).toHaveLength(20);
  });

  it('"Mark all as read" clears the badge and every unread mark', async () => {
    const { callsTo } = serveNotifications([item(1), item(2), item(3, { read: true })]);
    const user = userEvent.setup();
    openPage();
    await bell('Notifications, 2 unread');
    await list();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.queryByText(/Unread/)).not.toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/notifications/read').map((call) => call.body)).toEqual([{}]);
    expect(screen.getByRole('status')).toHaveTextContent('All notifications are marked as read.');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks one as read with its own button, and the badge follows', async () => {
    const { callsTo } = serveNotifications([item(1), item(2)]);
    const user = userEvent.setup();
    const { router } = openPage();
    await bell('Notifications, 2 unread');
    const rows = within(await list()).getAllByRole('listitem');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Mark as read: Message 2' }));
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    expect(rows[1]).not.toHaveAttribute('data-unread');
    expect(rows[0]).toHaveAttribute('data-unread');
    expect(callsTo('PUT', '/api/user/notifications/read').map((call) => call.body)).toEqual([
      { ids: [item(2).id] },
    ]);
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('marks an unread one as read when it is opened, and follows its link', async () => {
    const { callsTo } = serveNotifications([item(1)]);
    const user = userEvent.setup();
    const { router } = openPage();
    await user.click(within(await list()).getByRole('link', { name: 'Message 1' }));
    expect(await screen.findByRole('heading', { name: 'Your bookings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/bookings');
    await waitFor(() =>
      expect(callsTo('PUT', '/api/user/notifications/read').map((call) => call.body)).toEqual([
        { ids: [item(1).id] },
      ]),
    );
  });

  it('does not mark again one that is already read', async () => {
    const { callsTo } = serveNotifications([item(1, { read: true })]);
    const user = userEvent.setup();
    openPage();
    await user.click(within(await list()).getByRole('link', { name: 'Message 1' }));
    await screen.findByRole('heading', { name: 'Your bookings' });
    expect(callsTo('PUT', '/api/user/notifications/read')).toHaveLength(0);
  });

  it('puts the unread mark back and says why when marking fails', async () => {
    serveNotifications([item(1)], {
      'PUT /api/user/notifications/read': () => envelope(403, 'You are not allowed to do this.'),
    });
    const user = userEvent.setup();
    openPage();
    const row = within(await list()).getByRole('listitem');
    await user.click(within(row).getByRole('button', { name: 'Mark as read: Message 1' }));
    expect(await screen.findByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    // The toast and the undo of the optimistic mark follow the same refusal in no fixed order: wait for the mark.
    await waitFor(() => expect(row).toHaveAttribute('data-unread'));
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
  });

  it('never links outside the site, whatever link the server sent', async () => {
    serveNotifications([
      item(1, { link: 'https://evil.example/steal' }),
      item(2, { link: '//evil.example' }),
      item(3, { link: 'javascript:alert(1)' }),
    ]);
    openPage();
    expect(within(await list()).queryAllByRole('link')).toHaveLength(0);
  });
});
