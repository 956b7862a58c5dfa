import type { Recommendation } from '@skillroute/shared/learning';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { login } from '@/features/auth/api';
import { resetToasts } from '@/lib/use-toast';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

// "Recommended by {mentor}" on the topics a session's mentor recommended (DESIGN.md §4b, issue 29).

afterEach(() => act(() => resetToasts()));

const grace = { id: 'u1', name: 'Grace', email: 'grace@example.com', role: 'user', avatar: null } as const;
const ROADMAP = '7e0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const topicId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const roadmap = {
  id: ROADMAP,
  title: 'Frontend',
  description: 'A path through the topics that matter.',
  status: 'published' as const,
  isActive: true,
  adminFeedback: null,
  submittedAt: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  author: { id: 'u9', name: 'Ada Lovelace' },
  nodeCount: 2,
  nodes: ['Closures', 'Promises'].map((label, index) => ({
    id: topicId(index + 1),
    type: 'topic' as const,
    position: { x: 0, y: index * 100 },
    data: { label },
    background: '#fdff00',
  })),
  edges: [],
};
const recommendation: Recommendation = {
  bookingId: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  roadmapId: ROADMAP,
  roadmapTitle: 'Frontend',
  nodeId: topicId(2),
  label: 'Promises',
  note: 'Read the chapter on async first',
  mentor: { id: 'u9', name: 'Ada Lovelace' },
  recommendedAt: '2026-11-22T10:00:00.000Z',
};

function open(recommendations: Recommendation[]) {
  const server = serve({
    'GET /api/auth/session': () => new Promise<Response>(() => {}),
    [`GET /api/roadmap/${ROADMAP}`]: () => json(200, roadmap),
    [`GET /api/roadmap/nodedetails/${ROADMAP}`]: () => json(200, []),
    [`GET /api/roadmap/${ROADMAP}/progress`]: () => json(200, { progress: [] }),
    [`GET /api/roadmap/${ROADMAP}/recommendations`]: () => json(200, { recommendations }),
  });
  const store = makeTestStore();
  store.dispatch(login(grace));
  return { ...server, ...renderRoutes(routes, `/roadmap/${ROADMAP}`, store) };
}

describe('topics recommended by a mentor on /roadmap/{id}', () => {
  it('are marked in the outline and in the drawer, with the note', async () => {
    const user = userEvent.setup();
    open([recommendation]);
    const outline = await screen.findByRole('navigation', { name: 'Roadmap outline' });
    const promises = await within(outline).findByRole('button', { name: /Promises/ });
    expect(promises).toHaveTextContent('Recommended by Ada Lovelace');
    expect(within(outline).getByRole('button', { name: /Closures/ })).not.toHaveTextContent('Recommended');

    await user.click(promises);
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('Recommended by Ada Lovelace');
    expect(drawer).toHaveTextContent('Read the chapter on async first');
    // Find a mentor carries the roadmap and the topic on to the booking.
    expect(within(drawer).getByRole('link', { name: 'Find a mentor for Promises' })).toHaveAttribute(
      'href',
      `/explore-mentors?search=Promises&roadmap=${ROADMAP}&topic=${topicId(2)}`,
    );
  });

  it('are not marked when nothing was recommended to the reader', async () => {
    const user = userEvent.setup();
    const { callsTo } = open([]);
    const outline = await screen.findByRole('navigation', { name: 'Roadmap outline' });
    await user.click(await within(outline).findByRole('button', { name: /Promises/ }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer).not.toHaveTextContent('Recommended by');
    expect(outline).not.toHaveTextContent('Recommended by');
    expect(callsTo('GET', `/api/roadmap/${ROADMAP}/recommendations`)).toHaveLength(1);
  });
});
