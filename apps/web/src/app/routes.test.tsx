import { meetMessages } from '@skillroute/shared/meet';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { leavingStarted, login } from '@/features/auth/auth-slice';
import { sessionExpired } from '@/lib/session';
import { envelope, json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { routes } from './routes';

const notFoundText = "Oops! The page you're looking for seems not found.";

describe('the route table', () => {
  it('shows the home page at / with the header and a skip link to main', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Skillroute' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
    expect(within(banner).getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('ends a logout on the home page even when a failed request cleared the user first, so /login works again', async () => {
    serve({ 'GET /api/roadmap/published': () => json(200, { roadmaps: [] }) });
    const store = makeTestStore();
    store.dispatch(login({ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null }));
    const { router } = renderRoutes(routes, '/', store);
    // The logout answered; a request failing with 401 clears the user (and unmounts the account menu) first.
    act(() => {
      store.dispatch(leavingStarted());
      store.dispatch(sessionExpired());
    });
    await waitFor(() => expect(store.getState().auth).toEqual({ user: null }));
    await act(() => router.navigate('/profile/general'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the signed-in user instead of Sign in and Get started', async () => {
    const store = makeTestStore();
    store.dispatch(
      login({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', avatar: null }),
    );
    renderRoutes(routes, '/', store);
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(banner).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('offers the profile on the home page to a signed-in user, not sign-up', async () => {
    const store = makeTestStore();
    store.dispatch(login({ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null }));
    renderRoutes(routes, '/', store);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Open your profile' })).toHaveAttribute(
      'href',
      '/profile/general',
    );
    expect(within(main).queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Create your account' })).not.toBeInTheDocument();
  });

  it('shows the 404 page for any other path, with a button home', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/no/such/page');
    expect(await screen.findByText(notFoundText)).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home).toHaveAttribute('href', '/');

    await user.click(home);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: /learn a tech skill/i })).toBeInTheDocument();
  });

  it('hides the header on the meeting paths (the assessment page is checked in the browser journey)', async () => {
    serve({ 'GET /api/meet/1': () => envelope(404, meetMessages.notFound) });
    const store = makeTestStore();
    store.dispatch(
      login({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', avatar: null }),
    );
    renderRoutes(routes, '/meet/1', store);
    expect(await screen.findByText(meetMessages.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows a friendly error with a way home when a page fails, not a blank screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    const withBrokenPage = [
      {
        path: '/',
        element: <RootLayout />,
        children: [{ path: 'broken', Component: Broken, errorElement: <RouteError /> }],
      },
    ];
    renderRoutes(withBrokenPage, '/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // The page failed, not the frame: the header is still there.
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
