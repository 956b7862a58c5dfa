import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation, type RouteObject } from 'react-router';
import { adminLogin } from '@/features/admin/admin-auth-slice';
import { leavingStarted, login } from '@/features/auth/auth-slice';
import { sessionExpired } from '@/lib/session';
import { makeTestStore, renderRoutes } from '@/test/render';
import { GuestOnly, RequireAdmin, RequireUser, type RedirectState } from './guards';

function Where({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as RedirectState | null)?.from;
  return (
    <p>
      {name}
      {from ? ` (from ${from})` : ''}
    </p>
  );
}

const guardedRoutes: RouteObject[] = [
  { path: '/', element: <Where name="home" /> },
  { path: '/admin/login', element: <Where name="admin login" /> },
  { element: <GuestOnly />, children: [{ path: '/login', element: <Where name="login" /> }] },
  { element: <RequireUser />, children: [{ path: '/profile/general', element: <Where name="profile" /> }] },
  { element: <RequireAdmin />, children: [{ path: '/admin', element: <Where name="dashboard" /> }] },
];

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

describe('RequireUser', () => {
  it('sends an anonymous visitor to /login, remembering where they were going', async () => {
    const { router } = renderRoutes(guardedRoutes, '/profile/general?tab=1');
    expect(await screen.findByText('login (from /profile/general?tab=1)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends someone who has just logged out home, even when their session is found ended first', async () => {
    const store = makeTestStore();
    store.dispatch(login(ada));
    const { router } = renderRoutes(guardedRoutes, '/profile/general', store);
    expect(await screen.findByText('profile')).toBeInTheDocument();
    // The logout answered 200; before home is on screen, the socket's session check ends the session.
    store.dispatch(leavingStarted());
    store.dispatch(sessionExpired());
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a signed-in user through', async () => {
    const store = makeTestStore();
    store.dispatch(login(ada));
    renderRoutes(guardedRoutes, '/profile/general', store);
    expect(await screen.findByText('profile')).toBeInTheDocument();
  });
});

describe('GuestOnly', () => {
  it('sends a signed-in user home', async () => {
    const store = makeTestStore();
    store.dispatch(login(ada));
    const { router } = renderRoutes(guardedRoutes, '/login', store);
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an anonymous visitor see the page', async () => {
    renderRoutes(guardedRoutes, '/login');
    expect(await screen.findByText('login')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('sends a non-admin, even a signed-in user, to /admin/login', async () => {
    const store = makeTestStore();
    store.dispatch(login(ada));
    const { router } = renderRoutes(guardedRoutes, '/admin', store);
    expect(await screen.findByText('admin login (from /admin)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('lets an admin through', async () => {
    const store = makeTestStore();
    store.dispatch(adminLogin());
    renderRoutes(guardedRoutes, '/admin', store);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});
