import type { RoadmapSummary } from '@skillroute/shared/roadmap-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminLogin } from '@/features/admin/api';
import { login } from '@/features/auth/api';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

afterEach(() => act(() => resetToasts()));

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

function summary(changes: Partial<RoadmapSummary> & { id: string; title: string }): RoadmapSummary {
  return {
    description: 'A path through the topics that matter.',
    status: 'drafted',
    isActive: false,
    adminFeedback: null,
    submittedAt: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    author: { id: 'u1', name: 'Ada' },
    nodeCount: 4,
    ...changes,
  };
}

function signedInAt(path: string, extra: Parameters<typeof serve>[0] = {}) {
  const server = serve({ 'GET /api/auth/session': () => new Promise<Response>(() => {}), ...extra });
  const store = makeTestStore();
  store.dispatch(login(ada));
  return { ...server, ...renderRoutes(routes, path, store) };
}

describe('/profile/roadmaps', () => {
  const mine = [
    summary({ id: 'r1', title: 'Rust basics' }),
    summary({
      id: 'r2',
      title: 'Go in depth',
      status: 'rejected',
      adminFeedback: 'Add a topic on channels.',
      submittedAt: '2026-11-19T10:00:00.000Z',
    }),
    summary({
      id: 'r3',
      title: 'SQL daily',
      status: 'published',
      isActive: true,
      submittedAt: '2026-11-18T10:00:00.000Z',
    }),
  ];

  it("lists the author's roadmaps with their status and feedback, and offers Edit only while they can be edited", async () => {
    const { callsTo } = signedInAt('/profile/roadmaps', {
      'GET /api/roadmap/profile/u1': () => json(200, { roadmaps: mine }),
    });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [draft, rejected, published] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(draft).getByText('Drafted')).toBeInTheDocument();
    expect(within(draft).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/draw-roadmap/r1');
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Add a topic on channels.')).toBeInTheDocument();
    expect(within(rejected).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/draw-roadmap/r2');
    expect(within(published).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(published).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/roadmap/r3');
    expect(callsTo('GET', '/api/roadmap/profile/u1')[0]?.query.get('status')).toBeNull();
  });

  it('checks a new roadmap with the shared rule, then opens it in the editor', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = signedInAt('/profile/roadmaps', {
      'GET /api/roadmap/profile/u1': () => json(200, { roadmaps: [] }),
      'POST /api/roadmap': () => json(201, { id: 'new-1' }),
    });
    expect(await screen.findByText('You have not drawn a roadmap yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New roadmap' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Go');
    await user.type(within(dialog).getByLabelText('Description'), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(callsTo('POST', '/api/roadmap')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), ' in practice');
    await user.type(within(dialog).getByLabelText('Description'), ' is not enough here.');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/draw-roadmap/new-1'));
    expect(callsTo('POST', '/api/roadmap')[0]?.body).toEqual({
      title: 'Go in practice',
      description: 'Too short is not enough here.',
    });
  });
});

function adminAt(path: string, extra: Parameters<typeof serve>[0]) {
  const server = serve(extra);
  const store = makeTestStore();
  store.dispatch(adminLogin());
  return { ...server, ...renderRoutes(routes, path, store) };
}

describe('/admin/roadmap-management', () => {
  it('shows published roadmaps by default and lists or unlists them', async () => {
    const user = userEvent.setup();
    let listed = true;
    const { callsTo } = adminAt('/admin/roadmap-management', {
      'GET /api/admin/roadmap': (call) =>
        json(200, {
          roadmaps:
            call.query.get('status') === 'published'
              ? [summary({ id: 'p1', title: 'Published one', status: 'published', isActive: listed })]
              : [],
        }),
      'PUT /api/admin/roadmap/list-unlist': () => {
        listed = !listed;
        return json(200, { message: 'updated successfully', isActive: listed });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Roadmap Managment' })).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: /View Roadmap/ })).toHaveAttribute('target', '_blank');
    await user.click(within(card).getByRole('button', { name: 'Unlist' }));
    expect(
      await within(await screen.findByRole('article')).findByRole('button', { name: 'List' }),
    ).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/roadmap/list-unlist')[0]?.body).toEqual({ roadmapId: 'p1' });
    // The grid reads the published ones; the requests button reads the drafted ones for its count.
    expect(callsTo('GET', '/api/admin/roadmap').map((call) => call.query.get('status'))).toContain(
      'published',
    );
  });

  it('says so when the roadmaps cannot be loaded', async () => {
    adminAt('/admin/roadmap-management', {
      'GET /api/admin/roadmap': () => envelope(500, 'Something went wrong on our side.'),
    });
    expect(await screen.findByText('Error loading roadmaps')).toBeInTheDocument();
  });

  it('rejects a request only with feedback of five characters or more', async () => {
    const user = userEvent.setup();
    const { callsTo } = adminAt('/admin/roadmap-management', {
      'GET /api/admin/roadmap': (call) =>
        json(200, {
          roadmaps:
            call.query.get('status') === 'drafted'
              ? [summary({ id: 'd1', title: 'Waiting one', submittedAt: '2026-11-21T10:00:00.000Z' })]
              : [],
        }),
      'POST /api/admin/roadmap/review': () => json(200, { message: 'updated successfully' }),
    });
    // The button says how many wait before it is opened.
    await user.click(await screen.findByRole('button', { name: 'Roadmap Requests, 1 waiting' }));
    const dialog = await screen.findByRole('dialog');
    const item = await within(dialog).findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Actions for Waiting one' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reject' }));
    const feedback = within(item).getByLabelText(/Feedback/);
    await user.type(feedback, 'Hmm');
    expect(within(item).getByText('Feedback must be at least 5 characters')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Submit Rejection' })).toBeDisabled();
    await user.type(feedback, ', add examples.');
    expect(within(item).queryByText('Feedback must be at least 5 characters')).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Submit Rejection' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/roadmap/review')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/roadmap/review')[0]?.body).toEqual({
      roadmapId: 'd1',
      status: 'rejected',
      adminFeedback: 'Hmm, add examples.',
    });
    expect((await screen.findAllByText('updated successfully')).length).toBeGreaterThan(0);
  });

  it('shows the empty queue', async () => {
    const user = userEvent.setup();
    adminAt('/admin/roadmap-management', { 'GET /api/admin/roadmap': () => json(200, { roadmaps: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Roadmap Requests' }));
    expect(
      await within(await screen.findByRole('dialog')).findByText('sorry no requests!'),
    ).toBeInTheDocument();
  });
});

describe('the home page list', () => {
  it('searches published roadmaps and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({
      'GET /api/roadmap/published': (call) =>
        json(200, {
          roadmaps: call.query.get('search')
            ? []
            : [summary({ id: 'p1', title: 'Frontend Developer', status: 'published', isActive: true })],
        }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: /Frontend Developer/ })).toHaveAttribute(
      'href',
      '/roadmap/p1',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search roadmaps' }), 'cobol');
    expect(await screen.findByText('No roadmaps match your search.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/roadmap/published').at(-1)?.query.get('search')).toBe('cobol');
  });
});
