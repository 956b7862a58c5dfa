import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authApi } from '@/features/auth/api';
import { login } from '@/features/auth/auth-slice';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

beforeAll(() => {
  // jsdom lacks what Radix menus use to track the pointer and scroll items into view.
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function signedInAt(path: string) {
  const store = makeTestStore();
  store.dispatch(login(ada));
  return renderRoutes(routes, path, store);
}

async function openLogoutDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'My Account' }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByText('My Account')).toBeInTheDocument();
  await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
  return screen.findByRole('alertdialog');
}

describe('the account menu', () => {
  it('offers Profile, Switch and Logout', async () => {
    serve({ 'GET /api/auth/session': () => json(200, { user: ada }) });
    const user = userEvent.setup();
    const { store } = signedInAt('/');
    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile/general',
    );
    const themeSwitch = within(menu).getByRole('menuitemcheckbox', { name: 'Switch' });
    expect(themeSwitch).toHaveAttribute('aria-checked', 'false');
    await user.click(themeSwitch);
    expect(store.getState().theme.isDarkMode).toBe(true);
  });

  it('leaves focus on the new page after Profile, not on the menu button', async () => {
    serve({
      'GET /api/auth/session': () => json(200, { user: ada }),
      'GET /api/user/u1': () => json(200, { user: ada }),
    });
    const user = userEvent.setup();
    const { router } = signedInAt('/');
    const trigger = await screen.findByRole('button', { name: 'My Account' });
    await user.click(trigger);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/general'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).not.toHaveFocus();
  });

  it('asks with the spec’s words, and Cancel keeps the person signed in', async () => {
    const { callsTo } = serve({ 'GET /api/auth/session': () => json(200, { user: ada }) });
    const user = userEvent.setup();
    const { store } = signedInAt('/');
    const dialog = await openLogoutDialog(user);
    expect(within(dialog).getByRole('heading', { name: 'Are you absolutely sure?' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Are you sure you want to logout? This action will log you out of your account.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/logout')).toHaveLength(0);
    expect(store.getState().auth.user).toEqual(ada);
  });

  it('on a 200 clears the local user and goes to /, even from a signed-in-only page', async () => {
    const { callsTo } = serve({
      'GET /api/auth/session': () => json(200, { user: ada }),
      'GET /api/user/u1': () => json(200, { user: ada }),
      'POST /api/auth/logout': () => json(200, { message: 'Signed out' }),
    });
    const user = userEvent.setup();
    const { store, router } = signedInAt('/profile/general');
    const dialog = await openLogoutDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('on a failure keeps the user and shows "Login Failed" with the server’s first message', async () => {
    serve({
      'GET /api/auth/session': () => json(200, { user: ada }),
      'POST /api/auth/logout': () => envelope(403, 'This request came from another site'),
    });
    const user = userEvent.setup();
    const { store, router } = signedInAt('/');
    const dialog = await openLogoutDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('This request came from another site')).toBeInTheDocument();
    expect(store.getState().auth.user).toEqual(ada);
    expect(router.state.location.pathname).toBe('/');
  });

  it('falls back to "Login failed. Please try again." when the server cannot be reached', async () => {
    serve({ 'GET /api/auth/session': () => json(200, { user: ada }) });
    const user = userEvent.setup();
    const { store } = signedInAt('/');
    const dialog = await openLogoutDialog(user);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    expect(store.getState().auth.user).toEqual(ada);
  });
});

describe('the session check on load', () => {
  it('confirms a restored user once and takes in the server’s copy', async () => {
    const { callsTo } = serve({
      'GET /api/auth/session': () => json(200, { user: { ...ada, name: 'Augusta' } }),
    });
    const { store } = signedInAt('/');
    await waitFor(() => expect(store.getState().auth.user?.name).toBe('Augusta'));
    expect(callsTo('GET', '/api/auth/session')).toHaveLength(1);
    expect(await within(screen.getByRole('banner')).findByText('Augusta')).toBeInTheDocument();
  });

  it('signs out locally when the session is gone even after the refresh', async () => {
    const { callsTo } = serve({
      'GET /api/auth/session': () => envelope(401, 'You need to sign in.'),
      'POST /api/auth/refreshToken': () => envelope(401, 'You need to sign in.'),
    });
    const { store } = signedInAt('/');
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(callsTo('POST', '/api/auth/refreshToken')).toHaveLength(1);
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign in' }),
    ).toBeInTheDocument();
  });

  it('keeps the user when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { store } = signedInAt('/');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    // The check has failed and the page has taken the failure in: a logout would have been dispatched by then.
    await waitFor(() => expect(authApi.endpoints.getSession.select()(store.getState()).isError).toBe(true));
    await act(async () => {});
    expect(store.getState().auth.user).toEqual(ada);
  });

  it('is not made for a visitor who is not signed in', async () => {
    const { calls } = serve({});
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    // The home page reads the published roadmaps; nothing asks about a session.
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/roadmap/published']));
  });
});
