import type { Roadmap } from '@skillroute/shared/roadmap-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login } from '@/features/auth/api';
import { routes } from '@/app/routes';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;
const roadmap: Roadmap = {
  id: 'r1',
  title: 'Frontend Developer',
  description: 'A path through the topics that matter.',
  status: 'published',
  isActive: true,
  adminFeedback: null,
  submittedAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  author: { id: 'u9', name: 'Ada Lovelace' },
  nodeCount: 2,
  nodes: ['Closures', 'Promises'].map((label, index) => ({
    id: `n${index + 1}`,
    type: 'topic' as const,
    position: { x: 0, y: index * 100 },
    data: { label },
    background: '#fdff00',
  })),
  edges: [],
};

describe('the roadmaps in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes the home page’s list, its search and its cards in Hindi', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/roadmap/published': (call) =>
        json(200, {
          roadmaps: call.query.get('search')
            ? []
            : [{ ...roadmap, nodes: undefined, edges: undefined, matchedTopics: undefined }],
        }),
    });
    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'फ़ॉलो करने के लिए रोडमैप' }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /Frontend Developer/ });
    expect(card).toHaveTextContent('2 टॉपिक · लेखक: Ada Lovelace');
    await user.type(screen.getByRole('searchbox', { name: 'रोडमैप खोजें' }), 'cobol');
    expect(await screen.findByText('आपकी खोज से कोई रोडमैप मेल नहीं खाता।')).toBeInTheDocument();
  });

  it('writes the reader’s outline, progress and drawer in Hindi', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/auth/session': () => new Promise<Response>(() => {}),
      'GET /api/roadmap/r1': () => json(200, roadmap),
      'GET /api/roadmap/nodedetails/r1': () => json(200, []),
      'GET /api/roadmap/r1/progress': () => json(200, { progress: [{ nodeId: 'n1', status: 'done' }] }),
      'GET /api/roadmap/r1/notes': () => json(200, { notes: [] }),
      'GET /api/roadmap/r1/recommendations': () => json(200, { recommendations: [] }),
    });
    const store = makeTestStore();
    store.dispatch(login(ada));
    renderRoutes(routes, '/roadmap/r1', store);
    expect(await screen.findByRole('heading', { level: 2, name: 'रूपरेखा' })).toBeInTheDocument();
    const outline = screen.getByRole('navigation', { name: 'रोडमैप की रूपरेखा' });
    expect(screen.getByText('लेखक: Ada Lovelace · 2 टॉपिक')).toBeInTheDocument();
    expect(await screen.findByText('2 में से 1 पूरे')).toBeInTheDocument();
    expect(screen.getByText('0 जारी · 0 छोड़े · 50% पूरा')).toBeInTheDocument();
    await user.click(within(outline).getByRole('button', { name: /Promises/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Promises के लिए मेंटर खोजें' })).toBeInTheDocument();
    expect(within(drawer).getByRole('heading', { name: 'आपकी प्रगति' })).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: 'इस टॉपिक को मार्क करें' })).toBeInTheDocument();
  });
});
