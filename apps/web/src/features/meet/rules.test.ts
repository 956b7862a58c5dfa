import type { MeetRoom } from '@skillroute/shared/meet';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  initialsOf,
  mediaErrorMessage,
  missingDeviceMessage,
  presenceText,
  roomState,
  sessionCountdown,
  shortcutFor,
} from './rules';

const room = (changes: Partial<MeetRoom> = {}, status = 'confirmed'): MeetRoom => ({
  roomId: 'r',
  booking: { id: 'b', startTime: '2026-12-01T04:30:00.000Z', endTime: '2026-12-01T05:30:00.000Z', status },
  self: { id: 's', name: 'Grace' },
  peer: { id: 'p', name: 'Ada', avatar: null },
  polite: true,
  opensAt: '2026-12-01T04:20:00.000Z',
  closesAt: '2026-12-01T05:45:00.000Z',
  open: false,
  iceServers: [],
  ...changes,
});

describe('roomState', () => {
  it('follows the server’s open, and otherwise tells before from after', () => {
    expect(roomState(room({ open: true }), Date.parse('2026-12-01T04:30:00.000Z'))).toBe('open');
    expect(roomState(room(), Date.parse('2026-12-01T04:19:59.000Z'))).toBe('not-open-yet');
    // An answer from before the opening, read after it: the page asks again rather than saying closed.
    expect(roomState(room(), Date.parse('2026-12-01T04:25:00.000Z'))).toBe('not-open-yet');
    expect(roomState(room(), Date.parse('2026-12-01T05:45:00.000Z'))).toBe('closed');
    expect(roomState(room({}, 'expired'), Date.parse('2026-12-01T04:00:00.000Z'))).toBe('closed');
    expect(roomState(room({}, 'cancelled'), Date.parse('2026-12-01T04:00:00.000Z'))).toBe('cancelled');
    // Settled as a no-show 10 minutes in: closed with its own reason, though the clock is inside the window.
    expect(roomState(room({}, 'no_show'), Date.parse('2026-12-01T04:45:00.000Z'))).toBe('no-show');
  });
});

describe('formatting', () => {
  it('counts down in minutes and seconds, with hours when there are', () => {
    expect(formatDuration(59_001)).toBe('01:00');
    expect(formatDuration(3_600_000 + 61_000)).toBe('1:01:01');
    expect(formatDuration(-1)).toBe('00:00');
  });
  it('counts to the end of the session, then to the closing of the room', () => {
    const end = '2026-12-01T05:30:00.000Z';
    const close = '2026-12-01T05:45:00.000Z';
    expect(sessionCountdown(end, close, Date.parse('2026-12-01T05:00:00.000Z'))).toBe(
      'Session ends in 30:00',
    );
    expect(sessionCountdown(end, close, Date.parse('2026-12-01T05:35:00.000Z'))).toBe(
      'Session time is over · the room closes in 10:00',
    );
  });
  it('says whether the other person is here', () => {
    expect(presenceText('Asha', false)).toBe('Waiting for Asha to join');
    expect(presenceText('Asha', true)).toBe('Asha is here');
    expect(presenceText('Asha', null)).toBe('Connecting…');
  });
});

describe('device messages', () => {
  it('tells refused permission from a missing device and a busy one', () => {
    expect(mediaErrorMessage(new DOMException('', 'NotAllowedError'))).toMatch(/did not allow/);
    expect(mediaErrorMessage(new DOMException('', 'NotFoundError'))).toMatch(
      /No camera or microphone was found/,
    );
    expect(mediaErrorMessage(new DOMException('', 'NotReadableError'))).toMatch(/in use by another app/);
    expect(mediaErrorMessage(new Error('weird'))).toMatch(/could not be started/);
    for (const name of ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'Unsupported', 'x'])
      expect(mediaErrorMessage(new DOMException('', name))).toMatch(/join/);
  });
  it('names the one device that is missing', () => {
    expect(missingDeviceMessage(true, true)).toBeNull();
    expect(missingDeviceMessage(true, false)).toMatch(/No camera/);
    expect(missingDeviceMessage(false, true)).toMatch(/No microphone/);
    expect(missingDeviceMessage(false, false)).toMatch(/No camera or microphone/);
  });
});

describe('shortcutFor', () => {
  const key = (
    k: string,
    target: EventTarget | null = document.body,
    mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
  ) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target,
    ...mods,
  });
  it('maps M and V, in either case', () => {
    expect(shortcutFor(key('m'))).toBe('mute');
    expect(shortcutFor(key('M'))).toBe('mute');
    expect(shortcutFor(key('v'))).toBe('camera');
    expect(shortcutFor(key('x'))).toBeNull();
  });
  it('stays out of the way while typing or with a modifier', () => {
    expect(shortcutFor(key('m', document.createElement('textarea')))).toBeNull();
    expect(shortcutFor(key('v', document.createElement('input')))).toBeNull();
    expect(shortcutFor(key('v', document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('m', document.body, { metaKey: true }))).toBeNull();
  });
});

describe('initialsOf', () => {
  it.each([
    ['Maya', 'M'],
    ['Maya Chen', 'MC'],
    ['  asha  de souza ', 'AS'],
    ['Élodie', 'É'],
    ['𝒜da Lovelace', '𝒜L'],
    ['', '?'],
  ])('%j → %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});
