import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { login } from '@/features/auth/auth-slice';
import { toast } from '@/lib/use-toast';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from './routes';

const region = () => screen.queryByRole('region', { name: 'Notifications (F8)' });

/** Resolves after the frames useAfterPaint waits for, once the page is on screen. */
async function afterPaint() {
  await act(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
      ),
  );
}

async function openHome(store = makeTestStore()) {
  serve({ 'GET /api/roadmap/published': () => json(200, { roadmaps: [] }) });
  renderRoutes(routes, '/', store);
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  await afterPaint();
}

describe('the toaster of the root layout', () => {
  it('is not mounted for a signed-out visitor until a toast is raised, which it then shows', async () => {
    await openHome();
    await afterPaint();
    expect(region()).not.toBeInTheDocument();

    act(() => {
      toast({ title: 'Password changed', description: 'Sign in with the new one.' });
    });
    const shown = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(shown).findByText('Password changed')).toBeInTheDocument();
  });

  it('mounts on F8 for a signed-out visitor and gives its region the focus, as F8 does once it is there', async () => {
    await openHome();
    expect(region()).not.toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    await waitFor(() => expect(region()).toHaveFocus());
  });

  it('ignores other keys', async () => {
    await openHome();
    fireEvent.keyDown(document, { key: 'F7', code: 'F7' });
    await afterPaint();
    expect(region()).not.toBeInTheDocument();
  });

  it('mounts after the first paint for someone signed in, without a toast', async () => {
    const store = makeTestStore();
    store.dispatch(login({ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null }));
    await openHome(store);
    expect(await screen.findByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });
});
