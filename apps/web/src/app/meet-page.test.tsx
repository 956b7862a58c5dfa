import { meetMessages, type MeetRoom } from '@skillroute/shared/meet';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/auth-slice';
import { envelope, json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from './routes';

const ROOM_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const grace = { id: '5d0f6a3e-2c1b-4a8e-9f7d-3e2b1c0a9f88', name: 'Grace', email: 'grace@example.com', role: 'user', avatar: null } as const;
const START = Date.parse('2026-12-01T04:30:00.000Z');
const MINUTE = 60_000;

function aRoom(changes: Partial<MeetRoom> = {}): MeetRoom {
  return {
    roomId: ROOM_ID,
    booking: { id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', startTime: '2026-12-01T04:30:00.000Z', endTime: '2026-12-01T05:30:00.000Z', status: 'confirmed' },
    self: { id: grace.id, name: 'Grace' },
    peer: { id: '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11', name: 'Asha', avatar: null },
    polite: true,
    opensAt: '2026-12-01T04:20:00.000Z',
    closesAt: '2026-12-01T05:45:00.000Z',
    open: false,
    iceServers: [{ urls: 'stun:stun.example.com:3478' }],
    ...changes,
  };
}

function open(reply: () => Response, { signedIn = true } = {}) {
  const server = serve({
    'GET /api/auth/session': () => (signedIn ? json(200, { user: grace }) : envelope(401, 'Not signed in.')),
    [`GET /api/meet/${ROOM_ID}`]: reply,
  });
  const store = makeTestStore();
  if (signedIn) store.dispatch(login(grace));
  return { ...server, ...renderRoutes(routes, `/meet/${ROOM_ID}`, store) };
}

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: 'Asia/Kolkata' };
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/meet/{roomId}', () => {
  it('tells someone whose room it is not, or that does not exist, without the header', async () => {
    open(() => envelope(404, meetMessages.notFound));
    expect(await screen.findByRole('heading', { level: 1, name: meetMessages.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your bookings' })).toHaveAttribute('href', '/profile/bookings');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, and remembers the room', async () => {
    const { router, callsTo } = open(() => json(200, aRoom({ open: true })), { signedIn: false });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/meet/${ROOM_ID}` });
    expect(callsTo('GET', `/api/meet/${ROOM_ID}`)).toHaveLength(0);
  });

  it('says when a room opens, in the viewer’s zone, and opens it by itself when the time comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(START - 10 * MINUTE - 3000));
    let opened = false;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const { callsTo } = open(() => json(200, aRoom({ open: opened })));
    expect(await screen.findByRole('heading', { level: 1, name: meetMessages.notOpenYet })).toBeInTheDocument();
    expect(screen.getByText(/It opens on/)).toHaveTextContent('It opens on Tue, Dec 1, 2026, 9:50 AM GMT+5:30, 10 minutes before the session starts.');

    opened = true;
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ready to join?' })).toBeInTheDocument();
    expect(callsTo('GET', `/api/meet/${ROOM_ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['after the window', aRoom(), START + 2 * 60 * MINUTE, meetMessages.closed],
    ['when the session was cancelled', aRoom({ booking: { ...aRoom().booking, status: 'cancelled' } }), START - 60 * MINUTE, meetMessages.cancelled],
  ])('says the room is closed %s', async (_when, room, now, message) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    open(() => json(200, room));
    expect(await screen.findByRole('heading', { level: 1, name: message })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join now' })).not.toBeInTheDocument();
  });

  it('offers the pre-join, and says why there is no camera or microphone while still letting the person join', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(START));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    open(() => json(200, aRoom({ open: true })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ready to join?' })).toBeInTheDocument();
    expect(screen.getByText('Your session with Asha')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use a camera or microphone on this page. You can still join');
    expect(screen.getByRole('button', { name: 'Join now' })).toBeEnabled();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('offers a retry when the room cannot be loaded', async () => {
    let fail = true;
    open(() => (fail ? envelope(500, 'Something went wrong.') : json(200, aRoom({ open: false, opensAt: '2099-01-01T00:00:00.000Z' }))));
    expect(await screen.findByRole('heading', { level: 1, name: 'The room could not be loaded.' })).toBeInTheDocument();
    fail = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: meetMessages.notOpenYet })).toBeInTheDocument();
  });
});
