import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCKED_MESSAGE } from '@/features/auth/auth-messages';
import { GOOGLE_SCRIPT_URL } from '@/features/auth/components/google-sign-in';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null };

// A browser in New York: its zone goes with sign-up and every sign-in (DESIGN.md §4b).
const savedTZ = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/New_York';
});
afterEach(() => {
  process.env.TZ = savedTZ;
});

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.head.querySelectorAll(`script[src="${GOOGLE_SCRIPT_URL}"]`).forEach((script) => script.remove());
});

async function signIn(user: ReturnType<typeof userEvent.setup>, path = '/login') {
  const view = renderRoutes(routes, path);
  await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'lovelace1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

describe('the login page', () => {
  it('asks for both fields before calling', async () => {
    const { callsTo } = serve({ 'GET /api/config': () => json(200, { googleClientId: null }) });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(callsTo('POST', '/api/auth/login')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('signs in and goes home, showing the user in the header', async () => {
    const { callsTo } = serve({ 'POST /api/auth/login': () => json(200, { user: ada }) });
    const user = userEvent.setup();
    const { router, store } = await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'lovelace1',
      timezone: 'America/New_York',
    });
    expect(store.getState().auth.user).toEqual(ada);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });

  it('goes back to the guarded page that sent the visitor here', async () => {
    serve({
      'POST /api/auth/login': () => json(200, { user: ada }),
      'GET /api/user/u1': () => json(200, { user: ada }),
    });
    const user = userEvent.setup();
    const { router } = await signIn(user, '/profile/general');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/general'));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('goes back to the path a link from outside the app names in ?returnTo=, and never to another site', async () => {
    serve({ 'POST /api/auth/login': () => json(200, { user: ada }) });
    const user = userEvent.setup();
    const { router } = await signIn(user, '/login?returnTo=%2Fexplore-mentors%3Fskill%3Dreact');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore-mentors'));
    expect(router.state.location.search).toBe('?skill=react');
  });

  it('ignores a ?returnTo= on another site and goes home', async () => {
    serve({ 'POST /api/auth/login': () => json(200, { user: ada }) });
    const user = userEvent.setup();
    const { router } = await signIn(user, '/login?returnTo=%2F%2Fevil.example%2Fx');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the one generic message of a wrong e-mail or password', async () => {
    serve({ 'POST /api/auth/login': () => envelope(401, 'Wrong e-mail or password') });
    const user = userEvent.setup();
    const { store } = await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password');
    expect(store.getState().auth.user).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('takes an unverified account to the code step for that e-mail, then signs in', async () => {
    const { callsTo } = serve({
      'POST /api/auth/login': () =>
        envelope(403, 'Verify your e-mail first: we sent you a new code', { reason: 'unverified' }),
      'POST /api/auth/verify-otp': () => json(200, { user: ada }),
    });
    const user = userEvent.setup();
    const { router } = await signIn(user);
    expect(await screen.findByText(/We sent a 6-digit code to/)).toHaveTextContent('ada@example.com');
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('POST', '/api/auth/verify-otp')[0]?.body).toEqual({
      email: 'ada@example.com',
      otp: '654321',
      timezone: 'America/New_York',
    });
  });

  it('tells a blocked person plainly why they cannot sign in', async () => {
    serve({
      'POST /api/auth/login': () => envelope(403, 'You are not allowed to do this.', { reason: 'blocked' }),
    });
    const user = userEvent.setup();
    const { store } = await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(BLOCKED_MESSAGE);
    expect(store.getState().auth.user).toBeNull();
  });

  it('shows no Google button when the server has no client id, and never loads Google’s script', async () => {
    const { callsTo } = serve({ 'GET /api/config': () => json(200, { googleClientId: null }) });
    renderRoutes(routes, '/login');
    await screen.findByLabelText('E-mail');
    await waitFor(() => expect(callsTo('GET', '/api/config')).toHaveLength(1));
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)).toBeNull();
  });

  it('renders Google’s button with the configured client id and signs in with its credential', async () => {
    let onCredential: (response: { credential?: string }) => void = () => {};
    const renderButton = vi.fn();
    const initialize = vi.fn(
      (options: { client_id: string; callback: typeof onCredential }) => (onCredential = options.callback),
    );
    const { callsTo } = serve({
      'GET /api/config': () => json(200, { googleClientId: 'client-123' }),
      'POST /api/auth/google-login': () => json(200, { user: ada }),
    });
    const { router, store } = renderRoutes(routes, '/login');
    // vi.waitFor gives up after 1 s by default; the lazy login page alone can take longer on a busy machine.
    const script = await vi.waitFor(
      () => {
        const found = document.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_SCRIPT_URL}"]`);
        if (!found) throw new Error('no script yet');
        return found;
      },
      { timeout: 10_000 },
    );
    vi.stubGlobal('google', { accounts: { id: { initialize, renderButton } } });
    act(() => script.dispatchEvent(new Event('load')));
    await waitFor(() =>
      expect(renderButton).toHaveBeenCalledWith(screen.getByTestId('google-sign-in'), expect.any(Object)),
    );
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123' }));

    await act(async () => onCredential({ credential: 'id-token' }));
    await waitFor(() => expect(store.getState().auth.user).toEqual(ada));
    expect(callsTo('POST', '/api/auth/google-login')[0]?.body).toEqual({
      credential: 'id-token',
      timezone: 'America/New_York',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('forgot password', () => {
  it('shows the same confirmation for any address once the server answers', async () => {
    const { callsTo } = serve({
      'POST /api/auth/forgot-password': () =>
        json(200, { message: 'If the account exists, a link was sent' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'Nobody@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for nobody@example.com, we have sent it a link to set a new password. The link works for 30 minutes.',
    );
    expect(callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({ email: 'nobody@example.com' });
  });

  it('says so when it is asked too often', async () => {
    serve({
      'POST /api/auth/forgot-password': () => envelope(429, 'Too many requests. Please try again later.'),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });
});

describe('reset password', () => {
  it('needs matching passwords that follow the rule, then confirms and goes to /login', async () => {
    const { callsTo } = serve({
      'POST /api/auth/reset-password': () => json(200, { message: 'Password changed' }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/reset-password?token=abc');
    await user.type(await screen.findByLabelText('New password'), 'newpass12');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass13');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass12');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc',
      password: 'newpass12',
    });
    // A visitor's toaster loads with the first toast (lib/toaster-demand.ts): wait for it.
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
  });

  it('explains a used or expired link and offers to ask again', async () => {
    serve({
      'POST /api/auth/reset-password': () =>
        envelope(400, 'This reset link has expired or was already used', { field: 'token' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'newpass12');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass12');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link has expired or was already used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says at once when the link has no token', async () => {
    serve({});
    renderRoutes(routes, '/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is not complete');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  });
});
