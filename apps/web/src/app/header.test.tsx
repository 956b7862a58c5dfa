import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, serve } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { routes } from './routes';

describe('the header navigation', () => {
  it('links to the roadmap list, marked current on the home page only, and to the mentors', async () => {
    serve({ 'GET /api/roadmap/published': () => json(200, { roadmaps: [] }) });
    const { router } = renderRoutes(routes, '/');
    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });
    const roadmaps = within(nav).getByRole('link', { name: 'Roadmaps' });
    expect(roadmaps).toHaveAttribute('href', '/#roadmaps');
    expect(roadmaps).toHaveAttribute('aria-current', 'page');
    const mentors = within(nav).getByRole('link', { name: 'Mentors' });
    expect(mentors).toHaveAttribute('href', '/explore-mentors');
    expect(mentors).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { name: 'Roadmaps to follow' })).toBeInTheDocument();
    expect(document.getElementById('roadmaps')).toContainElement(
      screen.getByRole('heading', { name: 'Roadmaps to follow' }),
    );
    await act(() => router.navigate('/login'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Roadmaps' }),
      ).not.toHaveAttribute('aria-current'),
    );
  });
});
