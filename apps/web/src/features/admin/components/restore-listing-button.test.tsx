import type { AdminUserDetailsResponse } from '@skillroute/shared/admin-console';
import type { MentorNoShows } from '@skillroute/shared/no-shows';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { AdminUsersPage } from '../pages/admin-users-page';

afterEach(() => act(() => resetToasts()));

const MENTOR_ID = '00000000-0000-4000-8000-000000000001';
const mentor = {
  id: MENTOR_ID,
  name: 'Priya',
  email: 'priya@example.org',
  role: 'mentor',
  blocked: false,
  createdAt: '2026-11-02T08:00:00.000Z',
} as const;
const hidden: MentorNoShows = {
  count: 3,
  limit: 3,
  windowDays: 90,
  hiddenAt: '2026-11-20T10:10:00.000Z',
  clearedAt: null,
};
const restored: MentorNoShows = {
  ...hidden,
  count: 0,
  hiddenAt: null,
  clearedAt: '2026-11-25T09:00:00.000Z',
};
const details = (noShows: MentorNoShows): AdminUserDetailsResponse => ({
  user: { ...mentor, avatar: null, verified: true, blockedAt: null },
  roadmaps: [],
  bookings: [],
  noShows,
  tests: [],
});

function open(routes: Routes) {
  const server = serve({ 'GET /api/admin/users': () => json(200, { users: [mentor], total: 1 }), ...routes });
  renderRoutes(
    [
      {
        path: '/admin/user-management',
        element: (
          <>
            <AdminUsersPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/admin/user-management',
  );
  return server;
}

describe("a mentor's no-shows in the admin's user details", () => {
  it('shows the count and since when the mentor is off the listing, and restores them after a confirmation', async () => {
    const user = userEvent.setup();
    let noShows = hidden;
    const { callsTo } = open({
      [`GET /api/admin/users/${MENTOR_ID}`]: () => json(200, details(noShows)),
      [`POST /api/admin/mentors/${MENTOR_ID}/restore-listing`]: () => {
        noShows = restored;
        return json(200, { noShows });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Details of Priya' }));
    const sheet = await screen.findByRole('dialog', { name: 'Priya' });
    const section = await within(sheet).findByRole('region', { name: 'No-shows' });
    expect(section).toHaveTextContent('3 of 3 missed sessions in the last 90 days');
    expect(section).toHaveTextContent(/Off the listing since/);

    await user.click(within(section).getByRole('button', { name: 'Restore Priya to the listing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore Priya to the listing?' });
    expect(dialog).toHaveTextContent('only sessions missed from now on count');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Priya is back on the listing')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/mentors/${MENTOR_ID}/restore-listing`)).toHaveLength(1);
    // The details read again: listed, and the count starts over from the restore.
    await waitFor(() => expect(section).toHaveTextContent('On the listing.'));
    expect(section).toHaveTextContent(/0 of 3 missed sessions .*counted since the restore/);
    expect(within(section).queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('says why when the api refuses the restore', async () => {
    const user = userEvent.setup();
    open({
      [`GET /api/admin/users/${MENTOR_ID}`]: () => json(200, details(hidden)),
      [`POST /api/admin/mentors/${MENTOR_ID}/restore-listing`]: () =>
        envelope(409, 'This mentor is on the listing already.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Details of Priya' }));
    const section = await within(await screen.findByRole('dialog', { name: 'Priya' })).findByRole('region', {
      name: 'No-shows',
    });
    await user.click(within(section).getByRole('button', { name: 'Restore Priya to the listing' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('This mentor is on the listing already.')).toBeInTheDocument();
  });
});
