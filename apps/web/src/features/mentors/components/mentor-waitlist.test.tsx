import type { FreeSlot } from '@skillroute/shared/availability';
import { waitlistMessages } from '@skillroute/shared/bookings';
import type { MentorProfile } from '@skillroute/shared/mentors';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type RecordedCall, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ID = '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11';
const WAITLIST = `/api/mentors/${ID}/waitlist`;

const mentor: MentorProfile = {
  id: ID,
  name: 'Asha Rao',
  avatar: null,
  role: 'mentor',
  headline: 'Backend engineer who enjoys teaching',
  bio: 'Ten years of building services, and happy to help others find their way around them.',
  expirience: 10,
  languages: ['english'],
  assessedSkills: ['Node.js'],
  linkedinUrl: 'https://www.linkedin.com/in/asha',
  githubUrl: 'https://github.com/asha',
  companies: [],
  pricePerSession: 1500,
  timezone: 'UTC',
  rating: null,
  reviewCount: 0,
  sessionsHeld: 0,
};

const hour = (startTime: string): FreeSlot => ({
  startTime,
  endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
});
// "Now" is Nov 23, 09:00 UTC: Dec 8 10:00 is 15 days ahead, beyond the waitlist's 14; Dec 6 10:00 is within.
const ONLY_LATER = [hour('2026-12-08T10:00:00.000Z')];
const SOON = [hour('2026-12-06T10:00:00.000Z'), ...ONLY_LATER];

const grace = { id: 'u1', name: 'Grace', email: 'grace@example.com', role: 'user' as const, avatar: null };

function openProfile(slots: FreeSlot[], handlers: Routes = {}, user: typeof grace | null = grace) {
  const server = serve({
    'GET /api/auth/session': () => new Promise<Response>(() => {}),
    [`GET /api/mentor/details/${ID}`]: () => json(200, { mentor }),
    [`GET /api/mentors/availability/${ID}/slots`]: () => json(200, { timezone: 'UTC', slots }),
    ...handlers,
  });
  const store = makeTestStore();
  if (user) store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, `/mentor-profile/${ID}`, store) };
}

/**
 * Keeps toasts on screen until the test ends: Radix pauses their 5 s timers while the window is blurred, and a
 * busy machine can take longer than that between a toast and the assertion that reads it.
 */
const keepToasts = () => act(() => void window.dispatchEvent(new Event('blur')));

const waitlistCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === WAITLIST);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
});
afterEach(() => {
  act(() => void window.dispatchEvent(new Event('focus')));
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('the waitlist on /mentor-profile/{id}', () => {
  it('lets a signed-in person join when the mentor has no free hour in the next 14 days, and leave again', async () => {
    const user = userEvent.setup();
    let waiting = false;
    const { calls } = openProfile(ONLY_LATER, {
      [`GET ${WAITLIST}`]: () => json(200, { waiting }),
      [`POST ${WAITLIST}`]: () => {
        waiting = true;
        return json(201, { waiting: true });
      },
      [`DELETE ${WAITLIST}`]: () => {
        waiting = false;
        return json(200, { waiting: false });
      },
    });
    const aside = await screen.findByRole('complementary', { name: 'Free hours' });
    keepToasts();
    expect(await within(aside).findByText('No free hour in the next 14 days.')).toBeInTheDocument();

    await user.click(within(aside).getByRole('button', { name: 'Tell me when a slot frees up' }));
    expect(await within(aside).findByText("You're on the waitlist")).toBeInTheDocument();
    expect(await screen.findByText(waitlistMessages.joined)).toBeInTheDocument();
    expect(
      within(aside).queryByRole('button', { name: 'Tell me when a slot frees up' }),
    ).not.toBeInTheDocument();

    await user.click(within(aside).getByRole('button', { name: 'Leave waitlist' }));
    expect(
      await within(aside).findByRole('button', { name: 'Tell me when a slot frees up' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(waitlistMessages.left)).toBeInTheDocument();
    // One read, then the answers of joining and leaving stand in for reading again.
    expect(waitlistCalls(calls).map((call) => call.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('shows someone already waiting that they are, with Leave waitlist', async () => {
    openProfile(ONLY_LATER, { [`GET ${WAITLIST}`]: () => json(200, { waiting: true }) });
    const aside = await screen.findByRole('complementary', { name: 'Free hours' });
    expect(await within(aside).findByText("You're on the waitlist")).toBeInTheDocument();
    expect(within(aside).getByRole('button', { name: 'Leave waitlist' })).toBeEnabled();
  });

  it('says why when joining is refused, and keeps the person off the list', async () => {
    const user = userEvent.setup();
    openProfile(ONLY_LATER, {
      [`GET ${WAITLIST}`]: () => json(200, { waiting: false }),
      [`POST ${WAITLIST}`]: () => envelope(404, 'Mentor not found.'),
    });
    const aside = await screen.findByRole('complementary', { name: 'Free hours' });
    keepToasts();
    await user.click(await within(aside).findByRole('button', { name: 'Tell me when a slot frees up' }));
    expect(await screen.findByText('Mentor not found.')).toBeInTheDocument();
    expect(within(aside).queryByText("You're on the waitlist")).not.toBeInTheDocument();
    // The toast comes from the refusal itself; the button leaves its busy state on the render after.
    await waitFor(() =>
      expect(within(aside).getByRole('button', { name: 'Tell me when a slot frees up' })).toBeEnabled(),
    );
  });

  it('sends a visitor to sign in first, to come back here after, and asks the server nothing', async () => {
    const user = userEvent.setup();
    const { calls, router } = openProfile(ONLY_LATER, {}, null);
    const aside = await screen.findByRole('complementary', { name: 'Free hours' });
    const link = await within(aside).findByRole('link', { name: 'Tell me when a slot frees up' });
    expect(link).toHaveAttribute('href', '/login');
    expect(within(aside).getByText('You will be asked to sign in first.')).toBeInTheDocument();
    expect(waitlistCalls(calls)).toEqual([]);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/mentor-profile/${ID}` });
  });

  it('offers nothing while the mentor has a free hour in the next 14 days', async () => {
    const { calls } = openProfile(SOON);
    await screen.findByRole('list', { name: 'Free hours' });
    expect(screen.queryByRole('button', { name: 'Tell me when a slot frees up' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No free hour in the next 14 days/)).not.toBeInTheDocument();
    expect(waitlistCalls(calls)).toEqual([]);
  });

  it('offers the mentor nothing on their own page', async () => {
    const { calls } = openProfile(ONLY_LATER, {}, { ...grace, id: ID, role: 'user' });
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' });
    await screen.findByRole('list', { name: 'Free hours' });
    await waitFor(() =>
      expect(screen.queryByText(/No free hour in the next 14 days/)).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Tell me when a slot frees up' })).not.toBeInTheDocument();
    expect(waitlistCalls(calls)).toEqual([]);
  });
});
