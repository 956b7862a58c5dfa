import type { FreeSlot } from '@skillroute/shared/availability';
import type { MentorProfile } from '@skillroute/shared/mentors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
import { aBooking, MENTEE_ID, MENTOR_ID } from '@/features/bookings/test-bookings';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

// "A session about one of my roadmaps" in the booking panel (DESIGN.md §4b, issue 29).

const NOW = Date.parse('2026-11-23T09:00:00.000Z');
const grace = {
  id: MENTEE_ID,
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;
const mentor: MentorProfile = {
  id: MENTOR_ID,
  name: 'Ada Lovelace',
  avatar: null,
  role: 'mentor',
  headline: 'Senior frontend engineer who enjoys teaching',
  bio: 'I have built design systems for ten years and like helping people find their way around React.',
  expirience: 10,
  languages: ['english'],
  assessedSkills: ['React'],
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  githubUrl: 'https://github.com/ada',
  companies: [],
  pricePerSession: 1500,
  timezone: 'Asia/Kolkata',
  rating: null,
  reviewCount: 0,
  sessionsHeld: 0,
};
const TEN = '2026-12-01T04:30:00.000Z';
const slot: FreeSlot = { startTime: TEN, endTime: '2026-12-01T05:30:00.000Z' };

const ROADMAP = '7e0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const OTHER = '8f1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';
const topicId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const roadmapOf = (id: string, title: string, count: number) => ({
  id,
  title,
  description: 'A roadmap for the picker tests.',
  status: 'published' as const,
  isActive: true,
  adminFeedback: null,
  submittedAt: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  author: { id: MENTOR_ID, name: 'Ada Lovelace' },
  nodeCount: count,
  nodes: Array.from({ length: count }, (_, index) => ({
    id: topicId(index + 1),
    type: 'topic' as const,
    position: { x: 0, y: index * 100 },
    data: { label: `Topic ${index + 1}` },
    background: '#fdff00',
  })),
  edges: [],
});

function open(path: string, user: typeof grace | null = grace, extra: Routes = {}) {
  const server = serve({
    'GET /api/auth/session': () => (user ? json(200, { user }) : envelope(401, 'Please sign in.')),
    [`GET /api/mentor/details/${MENTOR_ID}`]: () => json(200, { mentor }),
    [`GET /api/mentors/availability/${MENTOR_ID}/slots`]: () =>
      json(200, { timezone: 'Asia/Kolkata', slots: [slot] }),
    [`GET /api/bookings/profile/${MENTEE_ID}`]: () => json(200, { bookings: [] }),
    'GET /api/roadmap/progress/mine': () =>
      json(200, {
        roadmaps: [
          { id: OTHER, title: 'Backend', done: 1, total: 3, lastMarkedAt: '2026-11-20T00:00:00.000Z' },
        ],
      }),
    [`GET /api/roadmap/${ROADMAP}`]: () => json(200, roadmapOf(ROADMAP, 'Frontend', 12)),
    [`GET /api/roadmap/${OTHER}`]: () => json(200, roadmapOf(OTHER, 'Backend', 3)),
    'POST /api/bookings': () => json(201, { booking: aBooking({ status: 'pending_payment' }) }),
    ...extra,
  });
  const store = makeTestStore();
  if (user) store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, path, store) };
}

const panel = () => screen.getByRole('region', { name: 'Book a session' });

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a session about one of my roadmaps', () => {
  it('offers the roadmaps one follows, up to ten topics with a count, and sharing notes; sends them', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(`/mentor-profile/${MENTOR_ID}`);
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    await user.click(within(panel()).getByRole('switch', { name: 'A session about one of my roadmaps' }));
    const roadmap = await within(panel()).findByRole('combobox', { name: 'Roadmap' });
    await within(roadmap).findByRole('option', { name: 'Backend' });
    await user.selectOptions(roadmap, OTHER);
    const topics = await within(panel()).findByRole('group', { name: 'Topics you want help with' });
    expect(within(topics).getAllByRole('checkbox')).toHaveLength(3);
    await user.click(within(topics).getByRole('checkbox', { name: 'Topic 2' }));
    expect(topics).toHaveTextContent('1 of 10 chosen');
    await user.click(
      within(panel()).getByRole('switch', { name: 'Share my notes on these topics with the mentor' }),
    );
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(callsTo('POST', '/api/bookings')).toHaveLength(1));
    expect(callsTo('POST', '/api/bookings')[0]?.body).toEqual({
      mentorId: MENTOR_ID,
      startTime: TEN,
      roadmapId: OTHER,
      nodeIds: [topicId(2)],
      shareNotes: true,
    });
  });

  it('sends no learning fields when the switch is off', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(`/mentor-profile/${MENTOR_ID}`);
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(callsTo('POST', '/api/bookings')).toHaveLength(1));
    expect(callsTo('POST', '/api/bookings')[0]?.body).toEqual({ mentorId: MENTOR_ID, startTime: TEN });
  });

  it('takes the topic a drawer’s link carried preselected, and lets no more than ten be chosen', async () => {
    const user = userEvent.setup();
    open(`/mentor-profile/${MENTOR_ID}?roadmap=${ROADMAP}&topic=${topicId(3)}`);
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    expect(within(panel()).getByRole('switch', { name: 'A session about one of my roadmaps' })).toBeChecked();
    const roadmap = within(panel()).getByRole('combobox', { name: 'Roadmap' });
    await waitFor(() => expect(roadmap).toHaveValue(ROADMAP));
    const topics = await within(panel()).findByRole('group', { name: 'Topics you want help with' });
    expect(within(topics).getByRole('checkbox', { name: 'Topic 3' })).toBeChecked();
    for (const index of [1, 2, 4, 5, 6, 7, 8, 9, 10])
      await user.click(within(topics).getByRole('checkbox', { name: `Topic ${index}` }));
    expect(topics).toHaveTextContent('10 of 10 chosen');
    expect(within(topics).getByRole('checkbox', { name: 'Topic 11' })).toBeDisabled();
    expect(within(topics).getByRole('checkbox', { name: 'Topic 1' })).toBeEnabled();
  });

  it('keeps the carried roadmap and topic for a visitor who signs in on the way', async () => {
    const user = userEvent.setup();
    const { router, store } = open(
      `/mentor-profile/${MENTOR_ID}?roadmap=${ROADMAP}&topic=${topicId(3)}`,
      null,
    );
    await screen.findByRole('grid', { name: 'December 2026' });
    await user.click(screen.getByRole('button', { name: '10:00 AM' }));
    expect(within(panel()).queryByRole('switch')).toBeNull();
    await user.click(within(panel()).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const back = `/mentor-profile/${MENTOR_ID}?slot=${encodeURIComponent(TEN)}&roadmap=${ROADMAP}&topic=${topicId(3)}`;
    expect(router.state.location.state).toEqual({ from: back });
    store.dispatch(login(grace));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mentor-profile/${MENTOR_ID}`));
    const region = await screen.findByRole('region', { name: 'Book a session' });
    const topics = await within(region).findByRole('group', { name: 'Topics you want help with' });
    expect(within(topics).getByRole('checkbox', { name: 'Topic 3' })).toBeChecked();
  });
});
