import { meetMessages, type MeetRoom } from '@skillroute/shared/meet';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/features/auth/api';
import { setNamespaceSocketFactory } from '@/lib/socket';
import { envelope, json, serve } from '@/test/fake-server';
import { FakeMeetSocket } from '@/test/fake-socket';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const ROOM_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const grace = {
  id: '5d0f6a3e-2c1b-4a8e-9f7d-3e2b1c0a9f88',
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;
const START = Date.parse('2026-12-01T04:30:00.000Z');
const MINUTE = 60_000;

function aRoom(changes: Partial<MeetRoom> = {}): MeetRoom {
  return {
    roomId: ROOM_ID,
    booking: {
      id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      startTime: '2026-12-01T04:30:00.000Z',
      endTime: '2026-12-01T05:30:00.000Z',
      status: 'confirmed',
    },
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
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
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
    expect(screen.getByRole('link', { name: 'Back to your bookings' })).toHaveAttribute(
      'href',
      '/profile/bookings',
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, and remembers the room', async () => {
    const { router, callsTo } = open(() => json(200, aRoom({ open: true })), { signedIn: false });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(router.state.location.state).toEqual({ from: `/meet/${ROOM_ID}` });
    expect(callsTo('GET', `/api/meet/${ROOM_ID}`)).toHaveLength(0);
  });

  it('says when a room opens, in the viewer’s zone, and opens it by itself when the time comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(START - 10 * MINUTE - 3000));
    let opened = false;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const { callsTo } = open(() => json(200, aRoom({ open: opened })));
    expect(
      await screen.findByRole('heading', { level: 1, name: meetMessages.notOpenYet }),
    ).toBeInTheDocument();
    expect(screen.getByText(/It opens on/)).toHaveTextContent(
      'It opens on Tue, Dec 1, 2026, 9:50 AM GMT+5:30, 10 minutes before the session starts.',
    );

    opened = true;
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ready to join?' })).toBeInTheDocument();
    expect(callsTo('GET', `/api/meet/${ROOM_ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['after the window', aRoom(), START + 2 * 60 * MINUTE, meetMessages.closed],
    [
      'when the session was cancelled',
      aRoom({ booking: { ...aRoom().booking, status: 'cancelled' } }),
      START - 60 * MINUTE,
      meetMessages.cancelled,
    ],
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This browser cannot use a camera or microphone on this page. You can still join',
    );
    expect(screen.getByRole('button', { name: 'Join now' })).toBeEnabled();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('offers a retry when the room cannot be loaded', async () => {
    let fail = true;
    open(() =>
      fail
        ? envelope(500, 'Something went wrong.')
        : json(200, aRoom({ open: false, opensAt: '2099-01-01T00:00:00.000Z' })),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The room could not be loaded.' }),
    ).toBeInTheDocument();
    fail = false;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(
      await screen.findByRole('heading', { level: 1, name: meetMessages.notOpenYet }),
    ).toBeInTheDocument();
  });
});

/** The browser's media objects, which jsdom lacks: just enough for the page to hold tracks and a connection. */
class FakeTrack {
  enabled = true;
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
  addEventListener() {}
}
class FakeStream {
  constructor(private tracks: FakeTrack[] = []) {}
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (track: FakeTrack) => this.tracks.push(track);
}
/** A track the other person sends: it fires `mute` and `unmute` like the browser's. */
class FakeRemoteTrack extends EventTarget {
  constructor(readonly kind: 'audio' | 'video') {
    super();
  }
}
const peerConnections: {
  config: RTCConfiguration;
  closed: boolean;
  replaced: unknown[];
  pc: EventTarget;
}[] = [];
class FakeRTCPeerConnection extends EventTarget {
  signalingState = 'stable';
  connectionState = 'new';
  iceConnectionState = 'new';
  localDescription = null;
  private record: (typeof peerConnections)[number];
  constructor(config: RTCConfiguration) {
    super();
    this.record = { config, closed: false, replaced: [], pc: this };
    peerConnections.push(this.record);
  }
  private sender = () => ({ replaceTrack: async (track: unknown) => void this.record.replaced.push(track) });
  addTrack = () => this.sender();
  addTransceiver = () => ({ sender: this.sender() });
  close = () => void (this.record.closed = true);
  setLocalDescription = async () => {};
  setRemoteDescription = async () => {};
  addIceCandidate = async () => {};
  restartIce = () => {};
}

describe('/meet/{roomId}: the call', () => {
  let sockets: FakeMeetSocket[];
  let restore: () => void;
  let camera: FakeTrack;
  let microphone: FakeTrack;
  const history = [
    {
      id: 'm1',
      fromId: '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11',
      text: 'See you soon',
      sentAt: '2026-12-01T04:21:00.000Z',
    },
  ];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(START));
    sockets = [];
    restore = setNamespaceSocketFactory(async () => {
      const socket = new FakeMeetSocket();
      sockets.push(socket);
      return socket;
    });
    peerConnections.length = 0;
    camera = new FakeTrack('video');
    microphone = new FakeTrack('audio');
    vi.stubGlobal('MediaStream', FakeStream);
    vi.stubGlobal('RTCPeerConnection', FakeRTCPeerConnection);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: async () => new FakeStream([microphone, camera]),
        enumerateDevices: async () => [
          { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
          { kind: 'audioinput', deviceId: 'mic-1', label: 'Built-in microphone' },
        ],
      },
    });
  });
  afterEach(() => restore());

  async function joinCall() {
    const user = userEvent.setup();
    const view = open(() => json(200, aRoom({ open: true })));
    expect(await screen.findByRole('combobox', { name: 'Camera' })).toHaveTextContent('Front camera');
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveTextContent('Built-in microphone');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join now' }));
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(socket.connectCalls).toBe(1);
    // Nobody knows yet whether the other person is there, and nothing can be sent.
    expect(screen.getByText('Connecting…', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for Asha to join')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'You can send messages once you are connected.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Session with Asha' })).toHaveFocus();
    act(() => socket.accept());
    expect(socket.lastOf('join')?.payload).toEqual({ roomId: ROOM_ID, tabId: expect.any(String) });
    // Up is not in: the server refuses chat until the join's answer.
    expect(screen.getByText('Connecting…', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    return { user, socket, ...view };
  }

  it('shows the history and presence, connects when the other person comes, chats, and survives a dropped socket', async () => {
    const { user, socket } = await joinCall();
    act(() => socket.lastOf('join')?.ack?.({ ok: true, polite: true, peerPresent: false, history }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByText('Waiting for Asha to join', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(screen.queryByText('Connecting…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Message' })).not.toHaveAccessibleDescription();
    expect(
      within(screen.getByRole('list', { name: 'Messages' })).getByText('See you soon'),
    ).toBeInTheDocument();
    expect(peerConnections).toHaveLength(0);

    act(() => socket.serverEmits('peer-joined', { peerId: 'p' }));
    expect(screen.getByText('Asha is here', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(peerConnections).toHaveLength(1);
    expect(peerConnections[0]!.config.iceServers).toEqual([{ urls: 'stun:stun.example.com:3478' }]);

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello{Enter}');
    const sent = socket.lastOf('chat');
    expect(sent?.payload).toEqual({ text: 'Hello' });
    act(() =>
      sent?.ack?.({
        ok: true,
        message: { id: 'm2', fromId: grace.id, text: 'Hello', sentAt: '2026-12-01T04:31:00.000Z' },
      }),
    );
    expect(
      await within(screen.getByRole('list', { name: 'Messages' })).findByText('Hello'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('');

    await user.type(box, 'x'.repeat(3) + '{Enter}');
    act(() => socket.lastOf('chat')?.ack?.({ ok: false, message: meetMessages.chatTooLong }));
    expect(await screen.findByRole('alert')).toHaveTextContent(meetMessages.chatTooLong);

    act(() => socket.drop());
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    // What is typed meanwhile is kept, and Enter does not send it into a dropped socket.
    await user.clear(box);
    await user.type(box, 'Back soon{Enter}');
    expect(box).toHaveValue('Back soon');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    const chatsSent = socket.emitted.filter((e) => e.event === 'chat').length;
    act(() => socket.accept());
    expect(socket.emitted.filter((e) => e.event === 'join')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    act(() => socket.lastOf('join')?.ack?.({ ok: true, polite: true, peerPresent: true, history }));
    expect(screen.getByRole('status')).not.toHaveTextContent('Reconnecting…');
    expect(socket.emitted.filter((e) => e.event === 'chat')).toHaveLength(chatsSent);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    // Meeting again starts a fresh connection on both sides.
    expect(peerConnections).toHaveLength(2);
    expect(peerConnections[0]!.closed).toBe(true);

    act(() => socket.serverEmits('peer-left', { peerId: 'p' }));
    expect(screen.getByText('Waiting for Asha to join', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(peerConnections[1]!.closed).toBe(true);
  });

  it('mutes and turns the camera off with the buttons and with M and V, but not while typing', async () => {
    const { user, socket } = await joinCall();
    act(() => socket.lastOf('join')?.ack?.({ ok: true, polite: false, peerPresent: true, history: [] }));
    const mute = screen.getByRole('button', { name: /^Mute/ });
    const cameraOff = screen.getByRole('button', { name: /^Camera off/ });
    expect(mute).toHaveAttribute('aria-pressed', 'false');

    // The other side hears this side's camera and microphone on joining, and on every change.
    expect(socket.lastOf('media-state')?.payload).toEqual({ cameraOn: true, micOn: true });
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(microphone.enabled).toBe(false);
    expect(socket.lastOf('media-state')?.payload).toEqual({ cameraOn: true, micOn: false });
    await user.keyboard('m');
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(microphone.enabled).toBe(true);

    await user.keyboard('v');
    expect(cameraOff).toHaveAttribute('aria-pressed', 'true');
    expect(camera.enabled).toBe(false);
    expect(peerConnections[0]!.replaced.at(-1)).toBeNull();
    expect(socket.lastOf('media-state')?.payload).toEqual({ cameraOn: false, micOn: true });
    await user.click(cameraOff);
    expect(cameraOff).toHaveAttribute('aria-pressed', 'false');
    expect(peerConnections[0]!.replaced.at(-1)).toBe(camera);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'mv');
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(cameraOff).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows a camera-off tile with the other person’s initials and a muted mark, from their word or their tracks going mute', async () => {
    const { socket } = await joinCall();
    act(() => socket.lastOf('join')?.ack?.({ ok: true, polite: true, peerPresent: true, history: [] }));
    const cameraOffTile = () => screen.queryByRole('img', { name: 'Asha’s camera is off' });
    const mutedMark = () => screen.queryByRole('img', { name: 'Asha is muted' });
    expect(cameraOffTile()).not.toBeInTheDocument();
    expect(mutedMark()).not.toBeInTheDocument();

    act(() => socket.serverEmits('media-state', { cameraOn: false, micOn: false }));
    expect(cameraOffTile()).toHaveTextContent('ACamera off');
    expect(mutedMark()).toBeInTheDocument();
    expect(
      screen.getByText('Asha’s camera is off. Asha is muted.', { selector: '[aria-live]' }),
    ).toBeInTheDocument();
    act(() => socket.serverEmits('media-state', { cameraOn: true, micOn: true }));
    expect(cameraOffTile()).not.toBeInTheDocument();
    expect(mutedMark()).not.toBeInTheDocument();

    // Without a word from the other side, its tracks going mute (no media arriving) say the same.
    const video = new FakeRemoteTrack('video');
    const audio = new FakeRemoteTrack('audio');
    act(() => {
      for (const track of [video, audio])
        peerConnections[0]!.pc.dispatchEvent(Object.assign(new Event('track'), { track }));
    });
    expect(screen.getByLabelText('Asha’s video')).toBeInTheDocument();
    act(() => video.dispatchEvent(new Event('mute')));
    expect(cameraOffTile()).toBeInTheDocument();
    // The video stays under the tile, so the other person is still heard.
    expect(screen.getByLabelText('Asha’s video')).toBeInTheDocument();
    act(() => audio.dispatchEvent(new Event('mute')));
    expect(mutedMark()).toBeInTheDocument();
    act(() => {
      video.dispatchEvent(new Event('unmute'));
      audio.dispatchEvent(new Event('unmute'));
    });
    expect(cameraOffTile()).not.toBeInTheDocument();
    expect(mutedMark()).not.toBeInTheDocument();

    // Gone and back: a fresh start, nothing said yet.
    act(() => socket.serverEmits('media-state', { cameraOn: false, micOn: true }));
    act(() => socket.serverEmits('peer-left', { peerId: 'p' }));
    act(() => socket.serverEmits('peer-joined', { peerId: 'p' }));
    expect(cameraOffTile()).not.toBeInTheDocument();
  });

  it('says the call is open in another tab, moves it here with Use here instead, and says so when it moves away again', async () => {
    const { user, socket } = await joinCall();
    act(() =>
      socket
        .lastOf('join')
        ?.ack?.({ ok: false, message: meetMessages.openInAnotherTab, openElsewhere: true }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: meetMessages.openInAnotherTab }),
    ).toHaveFocus();
    expect(peerConnections).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Use here instead' }));
    expect(socket.lastOf('join')?.payload).toMatchObject({ roomId: ROOM_ID, takeOver: true });
    act(() => socket.lastOf('join')?.ack?.({ ok: true, polite: true, peerPresent: true, history: [] }));
    expect(screen.getByText('Asha is here', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(peerConnections).toHaveLength(1);

    act(() => socket.serverEmits('moved-away', { message: meetMessages.movedToAnotherTab }));
    expect(
      await screen.findByRole('heading', { level: 1, name: meetMessages.movedToAnotherTab }),
    ).toHaveFocus();
    expect(peerConnections[0]!.closed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Use here instead' }));
    expect(socket.emitted.filter((e) => e.event === 'join')).toHaveLength(3);
    act(() => socket.lastOf('join')?.ack?.({ ok: true, polite: true, peerPresent: true, history: [] }));
    expect(peerConnections).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Session with Asha' })).toBeInTheDocument();
  });

  it('leaves: tells the server, stops the camera and microphone, and goes back to the bookings', async () => {
    const { user, socket, router } = await joinCall();
    act(() => socket.lastOf('join')?.ack?.({ ok: true, polite: true, peerPresent: true, history: [] }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(socket.lastOf('leave')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/bookings'));
    expect(camera.stopped && microphone.stopped).toBe(true);
    expect(peerConnections[0]!.closed).toBe(true);
  });

  it('ends the call with the server’s reason when it refuses the join', async () => {
    const { socket } = await joinCall();
    act(() => socket.lastOf('join')?.ack?.({ ok: false, message: meetMessages.closed }));
    expect(await screen.findByRole('heading', { level: 1, name: meetMessages.closed })).toBeInTheDocument();
  });
});
