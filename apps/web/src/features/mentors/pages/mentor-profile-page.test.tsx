import type { FreeSlot } from '@skillroute/shared/availability';
import type { MentorProfile } from '@skillroute/shared/mentors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
import { envelope, json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ID = '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11';

function profile(changes: Partial<MentorProfile> = {}): MentorProfile {
  return {
    id: ID,
    name: 'Ada Lovelace',
    avatar: null,
    role: 'mentor',
    headline: 'Senior frontend engineer who enjoys teaching',
    bio: 'I have built design systems for ten years and like helping people find their way around React.',
    expirience: 10,
    languages: ['english', 'tamil'],
    assessedSkills: ['React', 'Node.js'],
    linkedinUrl: 'https://www.linkedin.com/in/ada',
    githubUrl: 'https://github.com/ada',
    companies: ['Acme', 'Globex'],
    pricePerSession: 1500,
    timezone: 'Asia/Kolkata',
    rating: 4.75,
    reviewCount: 12,
    sessionsHeld: 30,
    ...changes,
  };
}

const hour = (startTime: string): FreeSlot => ({
  startTime,
  endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
});
// An Asia/Kolkata mentor's 10:00 and 11:00 on Dec 1 and 10:00 on Dec 2.
const SLOTS = [
  hour('2026-12-01T04:30:00.000Z'),
  hour('2026-12-01T05:30:00.000Z'),
  hour('2026-12-02T04:30:00.000Z'),
];

function serveMentor(extra: Parameters<typeof serve>[0] = {}) {
  return serve({
    [`GET /api/mentor/details/${ID}`]: () => json(200, { mentor: profile() }),
    [`GET /api/mentors/availability/${ID}/slots`]: () =>
      json(200, { timezone: 'Asia/Kolkata', slots: SLOTS }),
    [`GET /api/mentors/${ID}/reviews`]: () => json(200, { reviews: [], total: 0 }),
    ...extra,
  });
}

/** The visitor's browser runs in `zone`. */
function browserIn(zone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

const hoursShown = () =>
  within(screen.getByRole('list', { name: 'Free hours' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

beforeEach(() => {
  browserIn('Asia/Kolkata');
  // The slots below lie within the next 60 days of this morning; only the clock is fake, not the timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/mentor-profile/{id}', () => {
  it("shows the mentor's profile, price and rating summary, with no reviews and no Book button before an hour is chosen", async () => {
    const { calls } = serveMentor();
    renderRoutes(routes, `/mentor-profile/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Senior frontend engineer who enjoys teaching')).toBeInTheDocument();
    expect(screen.getByText(/10 years experience/)).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About' });
    expect(about).toHaveTextContent('I have built design systems for ten years');
    expect(
      within(screen.getByRole('region', { name: 'Languages' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Tamil']);
    expect(
      within(screen.getByRole('region', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['React', 'Node.js']);
    expect(screen.getByRole('region', { name: 'Companies' })).toHaveTextContent('AcmeGlobex');
    expect(screen.getByRole('complementary', { name: 'Free hours' })).toHaveTextContent('₹1,500 / session');
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(reviews).toHaveTextContent('4.8');
    expect(reviews).toHaveTextContent('12 reviews · 30 sessions held');
    expect(await within(reviews).findByText('No reviews yet')).toBeInTheDocument();
    // Headings in order: one h1, then h2 sections.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    await screen.findByRole('list', { name: 'Free hours' });
    expect(screen.queryByRole('button', { name: /book/i })).not.toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.path.includes('review'))
        .map((call) => `${call.path}?${call.query.toString()}`),
    ).toEqual([`/api/mentors/${ID}/reviews?page=1`]);
    // The free hours of the next 60 days, from now.
    const slotsCall = calls.find((call) => call.path.endsWith('/slots'));
    const from = Date.parse(slotsCall?.query.get('from') ?? '');
    const to = Date.parse(slotsCall?.query.get('to') ?? '');
    expect(Math.abs(from - Date.now())).toBeLessThan(60_000);
    expect(to - from).toBe(60 * 86_400_000);
  });

  it('has its own fixed header: no section links, and Sign in, Get started and the theme toggle for a visitor', async () => {
    serveMentor();
    renderRoutes(routes, `/mentor-profile/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-variant', 'mentor-profile');
    expect(header.className).toContain('fixed');
    expect(within(header).queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
    expect(within(header).getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
  });

  it('shows a signed-in person their bell, account menu, name and e-mail there, the theme switch being in the menu', async () => {
    serveMentor({ 'GET /api/auth/session': () => new Promise<Response>(() => {}) });
    const store = makeTestStore();
    store.dispatch(
      login({ id: 'u1', name: 'Grace', email: 'grace@example.com', role: 'user', avatar: null }),
    );
    renderRoutes(routes, `/mentor-profile/${ID}`, store);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Grace');
    expect(header).toHaveTextContent('grace@example.com');
    expect(await within(header).findByRole('button', { name: 'My Account' })).toBeInTheDocument();
    expect(await within(header).findByRole('link', { name: /Notifications/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(header).queryByRole('button', { name: 'Dark mode' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('marks the days with free hours and lists the chosen day’s hours in the browser’s zone', async () => {
    const user = userEvent.setup();
    serveMentor();
    renderRoutes(routes, `/mentor-profile/${ID}`);
    const grid = await screen.findByRole('grid', { name: 'December 2026' });
    expect(
      within(grid).getByRole('button', { name: 'Tuesday, December 1, 2026, 2 free hours' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'Wednesday, December 2, 2026, 1 free hour' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'Thursday, December 3, 2026, no free hours' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByRole('heading', { name: 'Free hours on Tuesday, December 1, 2026' }),
    ).toBeInTheDocument();
    expect(hoursShown()).toEqual(['10:00 AM', '11:00 AM']);
    expect(screen.getByRole('button', { name: 'Time zone: Asia / Kolkata' })).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: /December 2, 2026/ }));
    expect(
      screen.getByRole('heading', { name: 'Free hours on Wednesday, December 2, 2026' }),
    ).toBeInTheDocument();
    expect(hoursShown()).toEqual(['10:00 AM']);
    // Choosing an hour marks it, and offers to book it.
    const ten = screen.getByRole('button', { name: '10:00 AM' });
    await user.click(ten);
    expect(ten).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Book' })).toBeInTheDocument();
  });

  it('reads the hours again in another zone: 10:00 AM in Kolkata is 11:30 PM the day before in New York', async () => {
    const user = userEvent.setup();
    serveMentor();
    renderRoutes(routes, `/mentor-profile/${ID}`);
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));

    await user.click(screen.getByRole('button', { name: 'Time zone: Asia / Kolkata' }));
    await user.type(screen.getByRole('combobox', { name: 'Search time zones' }), 'new york');
    expect(
      within(screen.getByRole('listbox', { name: 'Time zones' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['America / New York']);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Time zone: America / New York' })).toBeInTheDocument();
    // The chosen hour keeps its day: now Monday, November 30.
    const grid = screen.getByRole('grid', { name: 'November 2026' });
    expect(
      within(grid).getByRole('button', { name: 'Monday, November 30, 2026, 1 free hour' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Free hours on Monday, November 30, 2026' }),
    ).toBeInTheDocument();
    expect(hoursShown()).toEqual(['11:30 PM']);
    expect(screen.getByRole('button', { name: '11:30 PM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/America\/New_York \(EST\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const december = screen.getByRole('grid', { name: 'December 2026' });
    await user.click(
      within(december).getByRole('button', { name: 'Tuesday, December 1, 2026, 2 free hours' }),
    );
    expect(hoursShown()).toEqual(['12:30 AM', '11:30 PM']);
  });

  it('moves through the calendar with the arrow keys and picks a day with Enter', async () => {
    const user = userEvent.setup();
    serveMentor();
    renderRoutes(routes, `/mentor-profile/${ID}`);
    const grid = await screen.findByRole('grid', { name: 'December 2026' });
    const first = within(grid).getByRole('button', { name: /December 1, 2026/ });
    // One tab stop: the chosen day.
    expect(first).toHaveAttribute('tabindex', '0');
    expect(
      within(grid)
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0),
    ).toHaveLength(1);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(grid).getByRole('button', { name: /December 2, 2026/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(grid).getByRole('button', { name: /December 9, 2026/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(
      screen.getByRole('heading', { name: 'Free hours on Wednesday, December 2, 2026' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    // Into November: the month turns with the focus.
    expect(await screen.findByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /November 29, 2026/ })).toHaveFocus();
  });

  it('lists the written reviews in the Reviews section, below the rating summary', async () => {
    serveMentor({
      [`GET /api/mentors/${ID}/reviews`]: () =>
        json(200, {
          reviews: [
            {
              rating: 5,
              comment: 'Explained closures at last.',
              author: { name: 'Grace Hopper', avatar: null },
              createdAt: '2026-11-20T12:00:00.000Z',
            },
          ],
          total: 1,
        }),
    });
    renderRoutes(routes, `/mentor-profile/${ID}`);
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    const item = await within(reviews).findByRole('listitem');
    expect(item).toHaveTextContent('Grace Hopper');
    expect(item).toHaveTextContent('Explained closures at last.');
    expect(within(item).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(reviews).toHaveTextContent('12 reviews · 30 sessions held');
    expect(within(reviews).queryByText('No reviews yet')).not.toBeInTheDocument();
  });

  it('says when there are no free hours', async () => {
    serveMentor({
      [`GET /api/mentors/availability/${ID}/slots`]: () => json(200, { timezone: 'Asia/Kolkata', slots: [] }),
    });
    renderRoutes(routes, `/mentor-profile/${ID}`);
    expect(await screen.findByText('No free hours in the next 60 days.')).toBeInTheDocument();
  });

  it('shows the not-found page for an id that is no mentor', async () => {
    serve({ [`GET /api/mentor/details/${ID}`]: () => envelope(404, 'Mentor not found.') });
    renderRoutes(routes, `/mentor-profile/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this mentor.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('says when the profile or the hours cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveMentor({
      [`GET /api/mentor/details/${ID}`]: () =>
        fail
          ? envelope(500, 'Something went wrong on our side. Please try again later.')
          : json(200, { mentor: profile() }),
      [`GET /api/mentors/availability/${ID}/slots`]: () =>
        fail
          ? envelope(500, 'Something went wrong on our side. Please try again later.')
          : json(200, { timezone: 'Asia/Kolkata', slots: SLOTS }),
    });
    renderRoutes(routes, `/mentor-profile/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent("This mentor's profile could not be loaded.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    await waitFor(() => expect(hoursShown()).toEqual(['10:00 AM', '11:00 AM']));
  });
});
