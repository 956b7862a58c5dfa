import { meetLimitMessages } from '@skillroute/shared/marketplace-limits';
import { meetMessages, type ChatAck, type JoinAck } from '@skillroute/shared/meet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeMeetSocket } from '@/test/fake-socket';
import { MEDIA_STATE_RETRY_MS, offlineMessage, startSignalling, type SignallingHandlers } from './signalling';

const ROOM = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const joined: JoinAck = { ok: true, polite: true, peerPresent: false, history: [] };

function start() {
  const socket = new FakeMeetSocket();
  const handlers = {
    onJoined: vi.fn(),
    onRefused: vi.fn(),
    onElsewhere: vi.fn(),
    onPeerJoined: vi.fn(),
    onPeerLeft: vi.fn(),
    onSignal: vi.fn(),
    onPeerMediaState: vi.fn(),
    onChat: vi.fn(),
    onConnectedChange: vi.fn(),
    checkSession: vi.fn(() => Promise.resolve(true)),
  } satisfies SignallingHandlers;
  const signalling = startSignalling(socket, ROOM, handlers);
  return { socket, handlers, signalling };
}

afterEach(() => vi.useRealTimers());

describe('startSignalling', () => {
  it('connects and joins the room, and joins again after every reconnect', () => {
    const { socket, handlers } = start();
    expect(socket.connectCalls).toBe(1);
    socket.accept();
    const tabId = (socket.lastOf('join')?.payload as { tabId: string }).tabId;
    expect(socket.lastOf('join')?.payload).toEqual({ roomId: ROOM, tabId: expect.any(String) });
    socket.lastOf('join')?.ack?.(joined);
    expect(handlers.onJoined).toHaveBeenCalledWith(joined);
    expect(handlers.onConnectedChange).toHaveBeenLastCalledWith(true);

    socket.drop();
    expect(handlers.onConnectedChange).toHaveBeenLastCalledWith(false);
    socket.accept();
    expect(socket.emitted.filter((e) => e.event === 'join')).toHaveLength(2);
    // The same page: the server lets its reconnect in at once.
    expect(socket.lastOf('join')?.payload).toEqual({ roomId: ROOM, tabId });
    socket.lastOf('join')?.ack?.({ ...joined, peerPresent: true });
    expect(handlers.onJoined).toHaveBeenLastCalledWith({ ...joined, peerPresent: true });
  });

  it('reports a refused join with the server message', () => {
    const { socket, handlers } = start();
    socket.accept();
    socket.lastOf('join')?.ack?.({ ok: false, message: 'This room is not open yet.' });
    expect(handlers.onRefused).toHaveBeenCalledWith('This room is not open yet.');
    expect(handlers.onJoined).not.toHaveBeenCalled();
  });

  it('reports a room closed under the call (its booking cancelled) like a refusal, with the server message', () => {
    const { socket, handlers } = start();
    socket.accept();
    socket.lastOf('join')?.ack?.(joined);
    socket.serverEmits('room-closed', { nothing: 'here' });
    expect(handlers.onRefused).not.toHaveBeenCalled();
    socket.serverEmits('room-closed', { message: 'This session was cancelled, so its room is closed.' });
    expect(handlers.onRefused).toHaveBeenCalledWith('This session was cancelled, so its room is closed.');
  });

  it('passes on the peer, signals and chat, and drops payloads of the wrong shape', () => {
    const { socket, handlers } = start();
    socket.accept();
    socket.serverEmits('peer-joined', { peerId: 'p' });
    socket.serverEmits('peer-left', { peerId: 'p' });
    socket.serverEmits('signal', { description: { type: 'offer', sdp: 'v=0' } });
    socket.serverEmits('signal', { description: { type: 'nonsense' } });
    const message = { id: 'm1', fromId: 'p', text: 'Hello', sentAt: '2026-12-01T04:31:00.000Z' };
    socket.serverEmits('chat', message);
    socket.serverEmits('chat', { text: 'no id' });
    expect(handlers.onPeerJoined).toHaveBeenCalledTimes(1);
    expect(handlers.onPeerLeft).toHaveBeenCalledTimes(1);
    expect(handlers.onSignal.mock.calls).toEqual([[{ description: { type: 'offer', sdp: 'v=0' } }]]);
    expect(handlers.onChat.mock.calls).toEqual([[message]]);
  });

  it('sends signals only while connected, so none arrive stale after a reconnect', () => {
    const { socket, signalling } = start();
    signalling.send({ candidate: null });
    expect(socket.lastOf('signal')).toBeUndefined();
    socket.accept();
    signalling.send({ candidate: null });
    expect(socket.lastOf('signal')?.payload).toEqual({ candidate: null });
  });

  it('passes on the other person’s camera and microphone, and drops a state of the wrong shape', () => {
    const { socket, handlers } = start();
    socket.accept();
    socket.serverEmits('media-state', { cameraOn: false, micOn: true });
    socket.serverEmits('media-state', { cameraOn: 'off' });
    expect(handlers.onPeerMediaState.mock.calls).toEqual([[{ cameraOn: false, micOn: true }]]);
  });

  it('sends this side’s media state while in the room, and the newest again after a refusal for its rate', async () => {
    vi.useFakeTimers();
    const { socket, signalling } = start();
    signalling.sendMediaState({ cameraOn: true, micOn: true });
    expect(socket.lastOf('media-state')).toBeUndefined();
    socket.accept();
    socket.lastOf('join')?.ack?.(joined);
    signalling.sendMediaState({ cameraOn: false, micOn: true });
    const sent = socket.lastOf('media-state');
    expect(sent?.payload).toEqual({ cameraOn: false, micOn: true });
    signalling.sendMediaState({ cameraOn: false, micOn: false });
    sent?.ack?.({ ok: false, message: meetLimitMessages.mediaStateRate });
    const count = () => socket.emitted.filter((e) => e.event === 'media-state').length;
    expect(count()).toBe(2);
    await vi.advanceTimersByTimeAsync(MEDIA_STATE_RETRY_MS);
    expect(count()).toBe(3);
    expect(socket.lastOf('media-state')?.payload).toEqual({ cameraOn: false, micOn: false });
  });

  it('stays out of the room while the call is in another tab, and takes it over when asked', () => {
    const { socket, handlers, signalling } = start();
    socket.accept();
    const first = socket.lastOf('join');
    first?.ack?.({ ok: false, message: meetMessages.openInAnotherTab, openElsewhere: true });
    expect(handlers.onElsewhere).toHaveBeenCalledWith(meetMessages.openInAnotherTab, false);
    expect(handlers.onRefused).not.toHaveBeenCalled();
    // A reconnect does not knock on the door again, and nothing is sent meanwhile.
    socket.drop();
    socket.accept();
    signalling.sendMediaState({ cameraOn: true, micOn: true });
    expect(socket.emitted.map((e) => e.event)).toEqual(['join']);

    signalling.takeOver();
    expect(socket.lastOf('join')?.payload).toEqual({
      ...(first?.payload as object),
      takeOver: true,
    });
    socket.lastOf('join')?.ack?.(joined);
    expect(handlers.onJoined).toHaveBeenCalledWith(joined);

    socket.serverEmits('moved-away', { message: meetMessages.movedToAnotherTab });
    expect(handlers.onElsewhere).toHaveBeenLastCalledWith(meetMessages.movedToAnotherTab, true);
    socket.drop();
    socket.accept();
    expect(socket.emitted.filter((e) => e.event === 'join')).toHaveLength(2);
  });

  it('sends chat with an ack, and says so when it cannot', async () => {
    vi.useFakeTimers();
    const { socket, signalling } = start();
    await expect(signalling.chat('Hi')).resolves.toEqual({ ok: false, message: offlineMessage });
    socket.accept();
    const sent = signalling.chat('Hi');
    const ack: ChatAck = {
      ok: true,
      message: { id: 'm1', fromId: 'me', text: 'Hi', sentAt: '2026-12-01T04:31:00.000Z' },
    };
    socket.lastOf('chat')?.ack?.(ack);
    await expect(sent).resolves.toEqual(ack);

    const unanswered = signalling.chat('Anyone?');
    vi.advanceTimersByTime(10_000);
    await expect(unanswered).resolves.toEqual({ ok: false, message: offlineMessage });
  });

  it('checks the session when the handshake is refused, and tries again only while it holds', async () => {
    vi.useFakeTimers();
    const { socket, handlers } = start();
    socket.refuse();
    expect(handlers.checkSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.connectCalls).toBe(2);

    handlers.checkSession.mockResolvedValue(false);
    socket.refuse();
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket.connectCalls).toBe(2);
  });

  it('says why when the room is open in too many windows, and does not try again', async () => {
    vi.useFakeTimers();
    const { socket, handlers } = start();
    socket.refuse(meetLimitMessages.tooManySockets);
    expect(handlers.onRefused).toHaveBeenCalledWith(meetLimitMessages.tooManySockets);
    await vi.advanceTimersByTimeAsync(5000);
    expect(handlers.checkSession).not.toHaveBeenCalled();
    expect(socket.connectCalls).toBe(1);
  });

  it('leaves with a word to the server, and ignores everything after', () => {
    const { socket, handlers, signalling } = start();
    socket.accept();
    signalling.leave();
    expect(socket.lastOf('leave')).toBeDefined();
    expect(socket.connected).toBe(false);
    socket.serverEmits('peer-joined');
    expect(handlers.onPeerJoined).not.toHaveBeenCalled();
  });
});
