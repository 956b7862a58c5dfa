import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null };
/** Where the booking panel's Book sends a signed-out visitor from: the mentor, with the hour chosen. */
const chosenHour = '/mentor-profile/m1?slot=2026-12-01T10%3A00%3A00.000Z';

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
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openSignup() {
  const view = renderRoutes(routes, '/signup');
  await screen.findByRole('heading', { name: 'Create your account' });
  return view;
}

describe('the sign-up form', () => {
  it('shows the shared rule under each field, marks it invalid and focuses the first one', async () => {
    const { calls } = serve({});
    const user = userEvent.setup();
    await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Al');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const name = screen.getByLabelText('Name');
    expect(await screen.findByText('Name must be at least 3 characters long')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('Name must be at least 3 characters long'),
    );
    expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(calls.filter((call) => call.path === '/api/auth/')).toHaveLength(0);
  });

  it.each([
    ['Ada1', 'Username must only contain alphabets'],
    ['Bartholomew', 'Name should be under 10 characters'],
  ])('refuses the name %j with %j', async (name, message) => {
    serve({});
    const user = userEvent.setup();
    await openSignup();
    await user.type(screen.getByLabelText('Name'), name);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks for a letter and a digit in the password, and shows or hides it', async () => {
    serve({});
    const user = userEvent.setup();
    await openSignup();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must contain a digit')).toBeInTheDocument();

    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts a server field error under its field (an e-mail already registered)', async () => {
    serve({
      'POST /api/auth/': () =>
        envelope(409, 'An account with this e-mail already exists', { field: 'email' }),
    });
    const user = userEvent.setup();
    await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'lovelace1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this e-mail already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the code step', () => {
  async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
    await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'lovelace1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText(/We sent a 6-digit code to/);
  }

  it('sends the shared rules’ cleaned values and says where the code went', async () => {
    const { callsTo } = serve({
      'POST /api/auth/': () => json(201, { message: 'Code sent', email: 'ada@example.com' }),
    });
    const user = userEvent.setup();
    await reachCodeStep(user);
    expect(callsTo('POST', '/api/auth/')[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'lovelace1',
      timezone: 'America/New_York',
    });
    expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent(
      'We sent a 6-digit code to ada@example.com',
    );
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('keeps "Resend code" disabled for 60 s, counting down, then sends a new code and counts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = serve({
      'POST /api/auth/': () => json(201, { message: 'Code sent', email: 'ada@example.com' }),
      'POST /api/auth/resent-otp': () => json(200, { message: 'A new code was sent' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await reachCodeStep(user);

    const resend = () => screen.getByRole('button', { name: /Resend code/ });
    expect(resend()).toBeDisabled();
    expect(resend()).toHaveTextContent(/Resend code \((60|59)s\)/);
    act(() => vi.advanceTimersByTime(30_000));
    expect(resend()).toHaveTextContent(/Resend code \((30|29)s\)/);
    expect(resend()).toBeDisabled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(resend()).toBeEnabled();
    expect(resend()).toHaveTextContent(/^Resend code$/);

    await user.click(resend());
    expect(await screen.findByText('A new code is on its way to ada@example.com.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/resent-otp')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(resend()).toBeDisabled();
  });

  it('shows the server’s message when a new code is refused (one a minute)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({
      'POST /api/auth/': () => json(201, { message: 'Code sent', email: 'ada@example.com' }),
      'POST /api/auth/resent-otp': () => envelope(429, 'Please wait a minute before asking for a new code'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await reachCodeStep(user);
    act(() => vi.advanceTimersByTime(60_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait a minute before asking for a new code',
    );
  });

  it('checks the code’s shape before calling, and shows a wrong code’s message under the field', async () => {
    const { callsTo } = serve({
      'POST /api/auth/': () => json(201, { message: 'Code sent', email: 'ada@example.com' }),
      'POST /api/auth/verify-otp': () => envelope(400, 'The code is wrong. 4 tries left.', { field: 'otp' }),
    });
    const user = userEvent.setup();
    await reachCodeStep(user);
    await user.type(screen.getByLabelText('Verification code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/verify-otp')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong. 4 tries left.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/auth/verify-otp')[0]?.body).toEqual({
      email: 'ada@example.com',
      otp: '123456',
      timezone: 'America/New_York',
    });
  });

  it('signs in on the right code, welcomes the person and goes home', async () => {
    serve({
      'POST /api/auth/': () => json(201, { message: 'Code sent', email: 'ada@example.com' }),
      'POST /api/auth/verify-otp': () => json(200, { user: ada }),
    });
    const user = userEvent.setup();
    const { router, store } = await openSignupAndVerify(user);
    expect(await screen.findByRole('heading', { level: 1, name: /learn a tech skill/i })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth.user).toEqual(ada);
    expect(await screen.findByText('Welcome to Skillroute, Ada!')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('ada@example.com')).toBeInTheDocument();
  });

  async function openSignupAndVerify(user: ReturnType<typeof userEvent.setup>) {
    const view = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'lovelace1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    return view;
  }

  it('returns to the hour chosen before Book sent the visitor to sign in, through "Create an account" and the code', async () => {
    serve({
      'POST /api/auth/': () => json(201, { message: 'Code sent', email: 'ada@example.com' }),
      'POST /api/auth/verify-otp': () => json(200, { user: ada }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { pathname: '/login', state: { from: chosenHour } });
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'lovelace1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(chosenHour),
    );
  });

  it('keeps the return path when the visitor goes back from "Create an account" to "Sign in"', async () => {
    serve({ 'POST /api/auth/login': () => json(200, { user: ada }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { pathname: '/login', state: { from: chosenHour } });
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'lovelace1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(chosenHour),
    );
  });

  it('offers Google on the sign-up page too, and a Google sign-up returns to the chosen hour', async () => {
    let onCredential: (response: { credential?: string }) => void = () => {};
    const initialize = vi.fn(
      (options: { client_id: string; callback: typeof onCredential }) => (onCredential = options.callback),
    );
    const renderButton = vi.fn();
    serve({
      'GET /api/config': () => json(200, { googleClientId: 'client-123' }),
      'POST /api/auth/google-login': () => json(200, { user: ada }),
    });
    // Google's script as already loaded: the web tests share modules, and the script loader remembers a load.
    vi.stubGlobal('google', { accounts: { id: { initialize, renderButton } } });
    const user = userEvent.setup();
    const { router, store } = renderRoutes(routes, { pathname: '/login', state: { from: chosenHour } });
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    await waitFor(() =>
      expect(renderButton).toHaveBeenCalledWith(
        screen.getByTestId('google-sign-in'),
        expect.objectContaining({ text: 'signup_with' }),
      ),
    );
    await act(async () => onCredential({ credential: 'id-token' }));
    await waitFor(() => expect(store.getState().auth.user).toEqual(ada));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(chosenHour),
    );
  });
});
