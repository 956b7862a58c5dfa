import { AVATAR_MAX_BYTES } from '@skillroute/shared/auth';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
import { resetToasts } from '@/lib/use-toast';
import { envelope, fromAProxy, json, serve, type RecordedCall } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';
import { profileMessages } from '../profile-messages';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', avatar: null } as const;

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function formField(call: RecordedCall | undefined, name: string) {
  return (call?.body as FormData | undefined)?.get(name);
}

function openProfile(
  path = '/profile/general',
  update: (call: RecordedCall) => Response = () => json(200, { user: ada, message: 'ok' }),
) {
  const server = serve({
    'GET /api/auth/session': () => json(200, { user: ada }),
    'GET /api/user/u1': () => json(200, { user: ada }),
    'PUT /api/user/update': update,
  });
  const store = makeTestStore();
  store.dispatch(login(ada));
  return { ...server, ...renderRoutes(routes, path, store) };
}

const nameButton = () => screen.findByRole('button', { name: /Ada.*edit name/ });

describe('the profile layout', () => {
  it('shows the general page at /profile and /profile/general, with only the sections that exist', async () => {
    const { callsTo } = openProfile('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Profile' })[0];
    expect(
      within(menu!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['General', 'Roadmaps', 'Bookings']);
    expect(within(menu!).getByRole('link', { name: 'General' })).toHaveAttribute('href', '/profile/general');
    expect(within(screen.getByRole('main')).getByText('ada@example.com')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/user/u1')).toHaveLength(1));
  });

  it('reads the profile fresh on every visit and keeps the signed-in user in step', async () => {
    const server = serve({
      // Left unanswered, so only the profile read can change the signed-in user.
      'GET /api/auth/session': () => new Promise<Response>(() => {}),
      'GET /api/user/u1': () => json(200, { user: { ...ada, name: 'Augusta' } }),
    });
    const store = makeTestStore();
    store.dispatch(login(ada));
    const { router } = renderRoutes(routes, '/profile/general', store);
    expect(await screen.findByRole('button', { name: /Augusta.*edit name/ })).toBeInTheDocument();
    expect(store.getState().auth.user?.name).toBe('Augusta');
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/profile/general'));
    await waitFor(() => expect(server.callsTo('GET', '/api/user/u1')).toHaveLength(2));
  });

  it('opens the menu as a drawer from the menu button', async () => {
    const user = userEvent.setup();
    openProfile();
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Profile' });
    await user.click(within(drawer).getByRole('link', { name: 'General' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('renaming in place', () => {
  it('saves on Enter with the user id and the new name, then says so', async () => {
    const user = userEvent.setup();
    const { callsTo, store } = openProfile('/profile/general', () =>
      json(200, { user: { ...ada, name: 'Augusta' }, message: 'ok' }),
    );
    await user.click(await nameButton());
    const input = screen.getByLabelText('Name');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Augusta{Enter}');
    expect(
      await screen.findByText('Your profile information has been updated successfully.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    const [call] = callsTo('PUT', '/api/user/update');
    expect(formField(call, 'userId')).toBe('u1');
    expect(formField(call, 'name')).toBe('Augusta');
    expect(formField(call, 'avatar')).toBeNull();
    expect(store.getState().auth.user?.name).toBe('Augusta');
    expect(await screen.findByRole('button', { name: /Augusta.*edit name/ })).toHaveFocus();
  });

  it('cancels on blur and on Escape without a call', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile();
    await user.click(await nameButton());
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.tab();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(await nameButton()).toBeInTheDocument();

    await user.click(await nameButton());
    await user.type(screen.getByLabelText('Name'), 'y{Escape}');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it('makes no call when the name is unchanged', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile();
    await user.click(await nameButton());
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it.each([
    ['Al', 'Name must be at least 3 characters long'],
    ['Bartholomew', 'Name should be under 10 characters'],
    ['Ada99', 'Username must only contain alphabets'],
  ])('keeps %j open with the rule’s message under the field', async (name, message) => {
    const user = userEvent.setup();
    const { callsTo } = openProfile();
    await user.click(await nameButton());
    const input = screen.getByLabelText('Name');
    await user.clear(input);
    await user.type(input, `${name}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it('shows the server’s first message when the update is refused, and keeps the old name', async () => {
    const user = userEvent.setup();
    const { store } = openProfile('/profile/general', () =>
      envelope(403, 'You can only change your own profile'),
    );
    await user.click(await nameButton());
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(await screen.findByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('You can only change your own profile')).toBeInTheDocument();
    expect(store.getState().auth.user?.name).toBe('Ada');
    expect(await nameButton()).toBeInTheDocument();
  });
});

describe('the time zone', () => {
  const inNewYork = { ...ada, timezone: 'America/New_York' };
  const zoneField = () => screen.findByRole('combobox', { name: 'Time zone' });

  it('shows the person’s zone by the name people know', async () => {
    const server = serve({
      'GET /api/auth/session': () => json(200, { user: inNewYork }),
      'GET /api/user/u1': () => json(200, { user: inNewYork }),
    });
    const store = makeTestStore();
    store.dispatch(login(inNewYork));
    renderRoutes(routes, '/profile/general', store);
    expect(await zoneField()).toHaveValue('Eastern Time (New York)');
    expect(server.callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it('finds a zone by its known name, saves the pick with the user id, and says so', async () => {
    const user = userEvent.setup();
    const berlin = { ...ada, timezone: 'Europe/Berlin' };
    const { callsTo, store } = openProfile('/profile/general', () =>
      json(200, { user: berlin, message: 'ok' }),
    );
    // Nobody's zone known yet reads as India's.
    const field = await zoneField();
    expect(field).toHaveValue('India Standard Time (Kolkata)');
    await user.click(field);
    await user.type(field, 'central european time (berl');
    await user.click(screen.getByRole('option', { name: 'Central European Time (Berlin)' }));
    expect(await screen.findByText(profileMessages.timezoneSaved)).toBeInTheDocument();
    const [call] = callsTo('PUT', '/api/user/update');
    expect(formField(call, 'userId')).toBe('u1');
    expect(formField(call, 'timezone')).toBe('Europe/Berlin');
    expect(formField(call, 'name')).toBeNull();
    expect(store.getState().auth.user?.timezone).toBe('Europe/Berlin');
    await waitFor(() => expect(field).toHaveValue('Central European Time (Berlin)'));
  });

  it('keeps the saved zone and shows the server’s message when the pick is refused', async () => {
    const user = userEvent.setup();
    openProfile('/profile/general', () => envelope(400, 'Choose a time zone from the list'));
    const field = await zoneField();
    await user.click(field);
    await user.type(field, 'Tokyo');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Choose a time zone from the list')).toBeInTheDocument();
    expect(field).toHaveValue('India Standard Time (Kolkata)');
  });
});

describe('the avatar', () => {
  function pngOf(size: number, type = 'image/png', name = 'me.png') {
    const file = new File(['png'], name, { type });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  }

  it('is picked through a labelled button, previewed, and saved with a success toast', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile('/profile/general', () =>
      json(200, { user: { ...ada, avatar: '/uploads/a.webp' }, message: 'ok' }),
    );
    expect(await screen.findByRole('button', { name: 'Change profile picture' })).toBeInTheDocument();
    const input = screen.getByLabelText('Profile picture file');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.upload(input, pngOf(1000));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const [call] = callsTo('PUT', '/api/user/update');
    expect(formField(call, 'userId')).toBe('u1');
    expect(formField(call, 'avatar')).toMatchObject({ type: 'image/png' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('Cancel drops the picked image without a call', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile();
    await user.upload(await screen.findByLabelText('Profile picture file'), pngOf(1000));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it.each([
    ['a GIF', pngOf(1000, 'image/gif', 'me.gif'), 'Only .jpg, .jpeg, .png and .webp formats are supported'],
    ['a file over 5 MB', pngOf(AVATAR_MAX_BYTES + 1), 'File size must be less than 5MB'],
  ])('refuses %s before uploading, with an "Error" toast', async (_what, file, message) => {
    const user = userEvent.setup({ applyAccept: false });
    const { callsTo } = openProfile();
    await user.upload(await screen.findByLabelText('Profile picture file'), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it('asks for a file when the picker comes back empty', async () => {
    openProfile();
    fireEvent.change(await screen.findByLabelText('Profile picture file'), { target: { files: [] } });
    expect(await screen.findByText('Please select a file')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows the server’s message, or the fallback, when the upload fails', async () => {
    const user = userEvent.setup();
    let reply = envelope(415, 'Failed to process the image');
    openProfile('/profile/general', () => reply);
    await user.upload(await screen.findByLabelText('Profile picture file'), pngOf(1000));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to process the image')).toBeInTheDocument();
    expect(screen.getByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    reply = fromAProxy(new Response('<html>', { status: 502 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('An unexpected error occurred. Please try again later.'),
    ).toBeInTheDocument();
  });
});
