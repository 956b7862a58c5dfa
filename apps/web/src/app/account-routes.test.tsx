import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminLogin } from '@/features/admin/admin-auth-slice';
import { login } from '@/features/auth/auth-slice';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from './routes';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;
const admin = { id: 'a1', name: 'Grace', email: 'grace@skillroute.dev' };

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('guest-only account pages', () => {
  it.each(['/login', '/signup', '/forgot-password', '/reset-password?token=t'])(
    'send a signed-in user from %s to /',
    async (path) => {
      serve({ 'GET /api/auth/session': () => json(200, { user: ada }) });
      const store = makeTestStore();
      store.dispatch(login(ada));
      const { router } = renderRoutes(routes, path, store);
      expect(
        await screen.findByRole('heading', { level: 1, name: /learn a tech skill/i }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it.each([
    ['/login', 'Sign in'],
    ['/signup', 'Create your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=t', 'Set a new password'],
  ])('show %s to a visitor', async (path, heading) => {
    serve({ 'GET /api/config': () => json(200, { googleClientId: null }) });
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('signed-in-only pages', () => {
  it.each(['/profile', '/profile/general'])('send a visitor from %s to /login', async (path) => {
    serve({ 'GET /api/config': () => json(200, { googleClientId: null }) });
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('do not exist for a section the profile menu does not have', async () => {
    const store = makeTestStore();
    store.dispatch(login(ada));
    serve({ 'GET /api/auth/session': () => json(200, { user: ada }) });
    renderRoutes(routes, '/profile/settings', store);
    expect(await screen.findByText("Oops! The page you're looking for seems not found.")).toBeInTheDocument();
  });
});

describe('the admin area', () => {
  it('sends a signed-in user who is not an admin to /admin/login, with its own header', async () => {
    const store = makeTestStore();
    store.dispatch(login(ada));
    const { router } = renderRoutes(routes, '/admin/', store);
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Admin')).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'My Account' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('signs an admin in, shows who is signed in, and leaves the user session alone', async () => {
    const { callsTo } = serve({
      'POST /api/admin/login': () => json(200, { admin }),
      'GET /api/admin/me': () => json(200, { admin }),
    });
    const user = userEvent.setup();
    const { router, store } = renderRoutes(routes, '/admin/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/login')).toHaveLength(0);

    await user.type(screen.getByLabelText('E-mail'), 'Grace@Skillroute.dev');
    await user.type(screen.getByLabelText('Password'), 'hopper123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/'));
    expect(store.getState().adminAuth.isAuth).toBe(true);
    expect(store.getState().auth.user).toBeNull();
    expect(callsTo('POST', '/api/admin/login')[0]?.body).toEqual({
      email: 'grace@skillroute.dev',
      password: 'hopper123',
    });
    expect(await screen.findByText('grace@skillroute.dev')).toBeInTheDocument();
    expect(screen.getByText('Grace')).toBeInTheDocument();
  });

  it('shows a refused admin sign-in', async () => {
    serve({ 'POST /api/admin/login': () => envelope(401, 'Wrong e-mail or password') });
    const user = userEvent.setup();
    const { store } = renderRoutes(routes, '/admin/login');
    await user.type(await screen.findByLabelText('E-mail'), 'grace@skillroute.dev');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password');
    expect(store.getState().adminAuth.isAuth).toBe(false);
  });

  it('signs the admin out and goes to /admin/login', async () => {
    const { callsTo } = serve({
      'GET /api/admin/me': () => json(200, { admin }),
      'POST /api/admin/logout': () => json(200, { message: 'Signed out' }),
    });
    const user = userEvent.setup();
    const store = makeTestStore();
    store.dispatch(adminLogin());
    const { router } = renderRoutes(routes, '/admin/', store);
    await screen.findByText('grace@skillroute.dev');
    const main = screen.getByRole('main');
    await user.click(within(main).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(store.getState().adminAuth.isAuth).toBe(false);
    expect(callsTo('POST', '/api/admin/logout')).toHaveLength(1);
  });

  it('keeps the admin signed in when signing out fails, and says why', async () => {
    serve({
      'GET /api/admin/me': () => json(200, { admin }),
      'POST /api/admin/logout': () => envelope(403, 'This request came from another site'),
    });
    const user = userEvent.setup();
    const store = makeTestStore();
    store.dispatch(adminLogin());
    renderRoutes(routes, '/admin/', store);
    await screen.findByText('grace@skillroute.dev');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('This request came from another site')).toBeInTheDocument();
    expect(store.getState().adminAuth.isAuth).toBe(true);
  });
});
