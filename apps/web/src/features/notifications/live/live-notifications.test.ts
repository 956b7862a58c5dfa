import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { LIVE_EVENT_MAX_AGE_MS } from '@skillroute/shared/notifications';
import {
  isStaleLiveEvent,
  MAX_REFUSALS_IN_A_ROW,
  STALE_RESYNC_DELAY_MS,
  retryDelayAfterRefusal,
  startLiveNotifications,
  type LiveNotificationHandlers,
} from './live-notifications';

function handlers(sessionHolds = true) {
  return {
    onNotification: vi.fn<LiveNotificationHandlers['onNotification']>(),
    onResync: vi.fn<LiveNotificationHandlers['onResync']>(),
    checkSession: vi.fn<LiveNotificationHandlers['checkSession']>(() => Promise.resolve(sessionHolds)),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live notifications over one socket', () => {
  it('connects and listens to user:{email} only', () => {
    const socket = new FakeSocket();
    startLiveNotifications(socket, 'ada@example.com', handlers());
    expect(socket.connectCalls).toBe(1);
    expect(socket.listensTo('user:ada@example.com')).toBe(true);
    expect(socket.listensTo('user:bob@example.com')).toBe(false);
  });

  it('hands each event on as it came', () => {
    const socket = new FakeSocket();
    const on = handlers();
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.accept();
    const payload = {
      id: 'n1',
      type: 'welcome',
      message: 'Welcome to Skillroute',
      link: null,
      createdAt: '2026-11-22T12:00:00Z',
    };
    socket.emit('user:ada@example.com', payload);
    expect(on.onNotification).toHaveBeenCalledExactlyOnceWith(payload);
  });

  it('re-reads the count and the list on every (re)connect, so missed events do not matter', () => {
    const socket = new FakeSocket();
    const on = handlers();
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.accept();
    expect(on.onResync).toHaveBeenCalledTimes(1);
    socket.drop(); // laptop sleep, server restart: socket.io reconnects by itself
    expect(on.onResync).toHaveBeenCalledTimes(1);
    socket.accept();
    expect(on.onResync).toHaveBeenCalledTimes(2);
    expect(on.checkSession).not.toHaveBeenCalled();
  });

  it('re-reads when the server says its live channel had a gap (its Redis came back)', () => {
    const socket = new FakeSocket();
    const on = handlers();
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.accept();
    expect(on.onResync).toHaveBeenCalledTimes(1);
    socket.emit('resync');
    expect(on.onResync).toHaveBeenCalledTimes(2);
  });

  it('shows no event that arrives long after it was sent, and re-reads once for a whole backlog of them', () => {
    const socket = new FakeSocket();
    const on = handlers();
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.accept();
    // This browser's clock is an hour behind the server's: ages are reckoned in the server's time.
    const serverNow = Date.now() + 60 * 60 * 1000;
    socket.emit('server-time', serverNow);
    const event = (id: string, sentAt: number) => ({
      id,
      type: 'slot_available',
      message: 'A slot freed up',
      link: null,
      createdAt: new Date(sentAt).toISOString(),
      sentAt,
    });
    socket.emit('user:ada@example.com', event('fresh', serverNow - 2_000));
    expect(on.onNotification).toHaveBeenCalledExactlyOnceWith(event('fresh', serverNow - 2_000));

    on.onResync.mockClear();
    for (let index = 0; index < 50; index += 1)
      socket.emit('user:ada@example.com', event(`late-${index}`, serverNow - 20_000));
    expect(on.onNotification).toHaveBeenCalledTimes(1);
    expect(on.onResync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(STALE_RESYNC_DELAY_MS);
    expect(on.onResync).toHaveBeenCalledTimes(1);
  });

  it('ages events by sentAt only: an event without it is shown', () => {
    expect(isStaleLiveEvent({ id: 'n1' }, Date.now())).toBe(false);
    expect(isStaleLiveEvent(null, Date.now())).toBe(false);
    expect(isStaleLiveEvent({ sentAt: 1_000 }, 1_000 + LIVE_EVENT_MAX_AGE_MS)).toBe(false);
    expect(isStaleLiveEvent({ sentAt: 1_000 }, 1_001 + LIVE_EVENT_MAX_AGE_MS)).toBe(true);
  });

  it('leaves a network failure to socket.io’s own retries', () => {
    const socket = new FakeSocket();
    const on = handlers();
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.failToReach();
    expect(on.checkSession).not.toHaveBeenCalled();
  });

  it('after a refused handshake checks the session, then reconnects once it holds', async () => {
    const socket = new FakeSocket();
    const on = handlers(true);
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.refuse();
    expect(on.checkSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryDelayAfterRefusal(1) - 1);
    expect(socket.connectCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connectCalls).toBe(2);
    socket.accept();
    expect(on.onResync).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the session is over (the base query signs the person out)', async () => {
    const socket = new FakeSocket();
    const on = handlers(false);
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.refuse();
    await vi.runAllTimersAsync();
    expect(on.checkSession).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(1);
  });

  it('treats a failed session check like a session that is over', async () => {
    const socket = new FakeSocket();
    const on = handlers();
    on.checkSession.mockRejectedValue(new Error('offline'));
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.refuse();
    await vi.runAllTimersAsync();
    expect(socket.connectCalls).toBe(1);
  });

  it('checks the session when the server closes the socket itself (signed out or blocked elsewhere)', async () => {
    const socket = new FakeSocket();
    const on = handlers(false);
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.accept();
    socket.kick();
    await vi.runAllTimersAsync();
    expect(on.checkSession).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(1);
  });

  it('gives up after repeated refusals with a session the server accepts: no endless loop', async () => {
    const socket = new FakeSocket();
    const on = handlers(true);
    startLiveNotifications(socket, 'ada@example.com', on);
    for (let attempt = 0; attempt < MAX_REFUSALS_IN_A_ROW + 3; attempt += 1) {
      socket.refuse();
      await vi.runAllTimersAsync();
    }
    expect(on.checkSession).toHaveBeenCalledTimes(MAX_REFUSALS_IN_A_ROW);
    expect(socket.connectCalls).toBe(1 + MAX_REFUSALS_IN_A_ROW);
  });

  it('asks once while a check is running, however many refusals arrive', async () => {
    const socket = new FakeSocket();
    const on = handlers(true);
    startLiveNotifications(socket, 'ada@example.com', on);
    socket.refuse();
    socket.refuse();
    expect(on.checkSession).toHaveBeenCalledTimes(1);
    await vi.runAllTimersAsync();
    expect(socket.connectCalls).toBe(2);
  });

  it('stops: disconnects, drops later events and cancels a pending retry', async () => {
    const socket = new FakeSocket();
    const on = handlers(true);
    const stop = startLiveNotifications(socket, 'ada@example.com', on);
    socket.refuse();
    await Promise.resolve();
    stop();
    await vi.runAllTimersAsync();
    expect(socket.disconnectCalls).toBe(1);
    expect(socket.connectCalls).toBe(1);
    socket.emit('user:ada@example.com', { type: 'welcome' });
    expect(on.onNotification).not.toHaveBeenCalled();
  });
});

describe('the wait before retrying after a refusal', () => {
  it('starts at 1 s and doubles up to 5 s (spec §9)', () => {
    expect([1, 2, 3, 4, 10].map(retryDelayAfterRefusal)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
