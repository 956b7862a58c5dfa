import type { PublishedRoadmap, RoadmapProgressSummary } from '@skillroute/shared/roadmap-api';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { login } from '@/features/auth/api';
import { envelope, json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

function published(changes: Partial<PublishedRoadmap> & { id: string; title: string }): PublishedRoadmap {
  return {
    description: 'A path through the topics that matter.',
    status: 'published',
    isActive: true,
    adminFeedback: null,
    submittedAt: '2026-11-18T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    author: { id: 'u9', name: 'Grace' },
    nodeCount: 48,
    ...changes,
  };
}

const progress = (
  changes: Partial<RoadmapProgressSummary> & { id: string; title: string },
): RoadmapProgressSummary => ({ done: 12, total: 48, lastMarkedAt: '2026-11-22T10:00:00.000Z', ...changes });

/** The home page for a signed-in reader; the session check never answers, so it changes nothing. */
function signedInHome(extra: Parameters<typeof serve>[0]) {
  const server = serve({
    'GET /api/auth/session': () => new Promise<Response>(() => {}),
    'GET /api/roadmap/published': () => json(200, { roadmaps: [] }),
    ...extra,
  });
  const store = makeTestStore();
  store.dispatch(login(ada));
  return { ...server, ...renderRoutes(routes, '/', store) };
}

describe('the home page search', () => {
  it('says which topic matched a search', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({
      'GET /api/roadmap/published': (call) =>
        json(200, {
          roadmaps:
            call.query.get('search') === 'flexbox'
              ? [published({ id: 'r1', title: 'Frontend', matchedTopics: ['Flexbox'] })]
              : [published({ id: 'r1', title: 'Frontend' }), published({ id: 'r2', title: 'Backend' })],
        }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: /Backend/ })).toBeInTheDocument();
    expect(screen.queryByText(/Matches topic/)).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search roadmaps' }), 'flexbox');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Backend/ })).not.toBeInTheDocument());
    const card = screen.getByRole('link', { name: /Frontend/ });
    expect(card).toHaveTextContent('Matches topic: Flexbox');
    expect(card).toHaveAttribute('href', '/roadmap/r1');
    expect(callsTo('GET', '/api/roadmap/published').at(-1)?.query.get('search')).toBe('flexbox');
  });

  it('sends one request for the list even when React mounts the page twice (StrictMode)', async () => {
    const { callsTo } = serve({
      'GET /api/roadmap/published': () =>
        json(200, { roadmaps: [published({ id: 'r1', title: 'Frontend' })] }),
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(
      <StrictMode>
        <Provider store={makeTestStore()}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    );
    expect(await screen.findByRole('link', { name: /Frontend/ })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callsTo('GET', '/api/roadmap/published')).toHaveLength(1);
  });
});

describe('Continue learning', () => {
  it('shows each roadmap with progress, how far the reader is, and links to it', async () => {
    const { callsTo } = signedInHome({
      'GET /api/roadmap/progress/mine': () =>
        json(200, {
          roadmaps: [
            progress({ id: 'r1', title: 'Frontend' }),
            progress({ id: 'r2', title: 'SQL basics', done: 0, total: 4 }),
          ],
        }),
    });
    const section = (await screen.findByRole('heading', { name: 'Continue learning' })).closest(
      'section',
    ) as HTMLElement;
    const frontend = await within(section).findByRole('link', { name: /Frontend/ });
    expect(frontend).toHaveAttribute('href', '/roadmap/r1');
    expect(frontend).toHaveTextContent('12 of 48 topics done');
    const bar = within(frontend).getByRole('progressbar', { name: 'Progress in Frontend' });
    expect(bar).toHaveAttribute('aria-valuenow', '12');
    expect(bar).toHaveAttribute('aria-valuemax', '48');
    expect(within(section).getByRole('link', { name: /SQL basics/ })).toHaveTextContent('0 of 4 topics done');
    expect(callsTo('GET', '/api/roadmap/progress/mine')).toHaveLength(1);
  });

  it('shows no row at all without progress', async () => {
    signedInHome({
      'GET /api/roadmap/progress/mine': () => json(200, { roadmaps: [] }),
      'GET /api/roadmap/published': () =>
        json(200, { roadmaps: [published({ id: 'r1', title: 'Frontend' })] }),
    });
    expect(await screen.findByRole('link', { name: /Frontend/ })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'Continue learning' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, and says so when the progress cannot be loaded, offering to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedInHome({
      'GET /api/roadmap/progress/mine': () =>
        fail
          ? envelope(500, 'Something went wrong on our side. Please try again later.')
          : json(200, { roadmaps: [progress({ id: 'r1', title: 'Frontend' })] }),
    });
    const section = (await screen.findByRole('heading', { name: 'Continue learning' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your progress could not be loaded.');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('link', { name: /Frontend/ })).toHaveTextContent(
      '12 of 48 topics done',
    );
  });

  it('is not asked for by a visitor who is not signed in', async () => {
    const { callsTo } = serve({
      'GET /api/roadmap/published': () =>
        json(200, { roadmaps: [published({ id: 'r1', title: 'Frontend' })] }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: /Frontend/ })).toBeInTheDocument();
    expect(callsTo('GET', '/api/roadmap/progress/mine')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Continue learning' })).not.toBeInTheDocument();
  });
});

describe('Your mentor suggests', () => {
  const suggestion = {
    bookingId: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    roadmapId: 'r1',
    roadmapTitle: 'Frontend',
    nodeId: '00000000-0000-4000-8000-000000000002',
    label: 'Promises',
    note: 'Read the chapter on async first',
    mentor: { id: 'u9', name: 'Ada Lovelace' },
    recommendedAt: '2026-11-22T10:00:00.000Z',
  };

  it('lists the topics a mentor recommended under Continue learning, linking to their roadmap', async () => {
    signedInHome({
      'GET /api/roadmap/progress/mine': () =>
        json(200, { roadmaps: [progress({ id: 'r1', title: 'Frontend' })] }),
      'GET /api/user/recommendations': () => json(200, { recommendations: [suggestion] }),
    });
    const heading = await screen.findByRole('heading', { name: 'Your mentor suggests' });
    const list = heading.closest('section') as HTMLElement;
    expect(list.parentElement?.closest('section')).toHaveAccessibleName('Continue learning');
    const link = within(list).getByRole('link', { name: /Promises/ });
    expect(link).toHaveAttribute('href', '/roadmap/r1');
    expect(link).toHaveTextContent('Frontend · Recommended by Ada Lovelace');
    expect(link).toHaveTextContent('Read the chapter on async first');
  });

  it('is absent when nothing was recommended', async () => {
    const { callsTo } = signedInHome({
      'GET /api/roadmap/progress/mine': () =>
        json(200, { roadmaps: [progress({ id: 'r1', title: 'Frontend' })] }),
      'GET /api/user/recommendations': () => json(200, { recommendations: [] }),
    });
    expect(await screen.findByRole('link', { name: /Frontend/ })).toHaveTextContent('12 of 48 topics done');
    await waitFor(() => expect(callsTo('GET', '/api/user/recommendations')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your mentor suggests' })).not.toBeInTheDocument();
  });
});
