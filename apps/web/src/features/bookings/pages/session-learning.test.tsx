import type { Booking } from '@skillroute/shared/bookings';
import type { BookingLearningResponse } from '@skillroute/shared/learning';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, type SessionUser } from '@/features/auth/api';
import { aBooking, BOOKING_ID, MENTEE_ID, MENTOR_ID } from '@/features/bookings/test-bookings';
import { resetToasts } from '@/lib/use-toast';
import { json, serve, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

// A session about the mentee's roadmap on /profile/bookings (DESIGN.md §4b, issue 29).

const HOUR = 3_600_000;
const START = Date.parse('2026-12-01T04:30:00.000Z');
const grace = {
  id: MENTEE_ID,
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;
const ada = { id: MENTOR_ID, name: 'Ada', email: 'ada@example.com', role: 'mentor', avatar: null } as const;
const ROADMAP = '7e0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const topicId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const learning: NonNullable<Booking['learning']> = {
  roadmapId: ROADMAP,
  title: 'Frontend',
  nodeIds: [topicId(1), topicId(2)],
  shareNotes: true,
};
const view: BookingLearningResponse = {
  roadmap: { id: ROADMAP, title: 'Frontend' },
  progress: { done: 12, inProgress: 3, total: 40 },
  topics: [
    { nodeId: topicId(1), label: 'Closures', status: 'in_progress', note: 'I get lost in loops' },
    { nodeId: topicId(2), label: 'Promises', status: 'pending' },
  ],
  roadmapTopics: [1, 2, 3].map((index) => ({ nodeId: topicId(index), label: `Topic ${index}` })),
};

function open(user: SessionUser, extra: Routes = {}) {
  const server = serve({
    'GET /api/auth/session': () => json(200, { user }),
    [`GET /api/bookings/profile/${user.id}`]: () => json(200, { bookings: [aBooking({ learning })] }),
    [`GET /api/bookings/${BOOKING_ID}/learning`]: () => json(200, view),
    ...extra,
  });
  const store = makeTestStore();
  store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, '/profile/bookings', store) };
}

const item = async () => (await screen.findAllByRole('article'))[0]!;
const at = (hoursBeforeStart: number) => vi.setSystemTime(new Date(START - hoursBeforeStart * HOUR));

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  at(48);
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a session about the mentee’s roadmap', () => {
  it('shows the mentor the roadmap, the progress, the chosen topics with status and shared notes; no Recommend before the start', async () => {
    const { callsTo } = open(ada);
    const booking = await item();
    const section = await within(booking).findByRole('region', { name: 'Grace Hopper’s roadmap: Frontend' });
    expect(await within(section).findByText('12 of 40 topics done, 3 in progress')).toBeInTheDocument();
    const topics = within(section).getByRole('list', { name: 'Topics chosen for the session' });
    expect(topics).toHaveTextContent('Closures · In progress');
    expect(topics).toHaveTextContent('I get lost in loops');
    expect(topics).toHaveTextContent('Promises · Not started');
    expect(within(section).queryByRole('button', { name: 'Recommend topics' })).toBeNull();
    expect(callsTo('GET', `/api/bookings/${BOOKING_ID}/learning`)).toHaveLength(1);
  });

  it('shows the mentee which roadmap they chose, and never asks for what the mentor reads', async () => {
    const { callsTo } = open(grace);
    const booking = await item();
    expect(booking).toHaveTextContent('About your roadmap Frontend');
    expect(within(booking).getByRole('link', { name: 'Frontend' })).toHaveAttribute(
      'href',
      `/roadmap/${ROADMAP}`,
    );
    expect(callsTo('GET', `/api/bookings/${BOOKING_ID}/learning`)).toHaveLength(0);
  });

  it('lets the mentor recommend topics after the start: at least one, a note, then sent', async () => {
    const user = userEvent.setup();
    at(-0.5);
    const { callsTo } = open(ada, {
      [`POST /api/bookings/${BOOKING_ID}/recommendations`]: () => json(200, { recommendations: [] }),
    });
    const booking = await item();
    await user.click(await within(booking).findByRole('button', { name: 'Recommend topics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recommend topics' });
    await user.click(within(dialog).getByRole('button', { name: 'Recommend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose at least one topic to recommend.',
    );
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/recommendations`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Topic 3' }));
    expect(dialog).toHaveTextContent('1 of 10 chosen');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Read this next');
    await user.click(within(dialog).getByRole('button', { name: 'Recommend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', `/api/bookings/${BOOKING_ID}/recommendations`)[0]?.body).toEqual({
      nodeIds: [topicId(3)],
      note: 'Read this next',
    });
  });
});
