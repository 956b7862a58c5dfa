import { createHmac } from 'node:crypto';
import { meetMessages } from '@skillroute/shared/meet';
import { describe, expect, it } from 'vitest';
import { partyOf } from '@skillroute/shared/bookings';
import {
  admitInWindow,
  closedReason,
  hasRoom,
  iceServersFor,
  meetRoom,
  payloadBytes,
  turnCredentials,
} from './rules';

const userId = '3f2b8a7e-1c4d-4e5f-9a6b-7c8d9e0f1a2b';
const now = new Date('2030-03-04T10:00:00.400Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

describe('turnCredentials', () => {
  it('signs `expiry:userId` with HMAC-SHA1 of the secret, base64, expiring ttl seconds from now', () => {
    const { username, credential, expiresAt } = turnCredentials('turn-shared-secret-1234', userId, now, 3600);
    expect(username).toBe(`${nowSeconds + 3600}:${userId}`);
    expect(credential).toBe(
      createHmac('sha1', 'turn-shared-secret-1234')
        .update(`${nowSeconds + 3600}:${userId}`)
        .digest('base64'),
    );
    expect(expiresAt).toEqual(new Date((nowSeconds + 3600) * 1000));
  });

  it('matches a fixed vector (as node:crypto and coturn compute it)', () => {
    const expected = createHmac('sha1', Buffer.from('secret'))
      .update(Buffer.from('1700000000:user'))
      .digest('base64');
    expect(expected).toBe('I/MZeIG6MwzOV8Uubr9liB2556o=');
    expect(turnCredentials('secret', 'user', new Date(1_699_999_940_000), 60)).toMatchObject({
      username: '1700000000:user',
      credential: expected,
    });
  });

  it('gives another password to another person and another expiry', () => {
    const a = turnCredentials('turn-shared-secret-1234', userId, now, 3600);
    expect(turnCredentials('turn-shared-secret-1234', 'someone-else', now, 3600).credential).not.toBe(
      a.credential,
    );
    expect(turnCredentials('turn-shared-secret-1234', userId, now, 600).credential).not.toBe(a.credential);
    expect(turnCredentials('another-secret-12345678', userId, now, 3600).credential).not.toBe(a.credential);
  });
});

describe('iceServersFor', () => {
  const servers = [
    { urls: 'stun:stun.example.org:3478' },
    {
      urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
      username: 'static',
      credential: 'written-in-config',
    },
    { urls: 'TURN:other.example.org' },
  ];

  it('hands out ICE_SERVERS as configured without a TURN secret', () => {
    expect(iceServersFor(servers, undefined, userId, now)).toEqual(servers);
    expect(iceServersFor([], undefined, userId, now)).toEqual([]);
  });

  it('puts short-lived credentials on every TURN entry, and leaves STUN alone', () => {
    const [stun, turn, otherTurn] = iceServersFor(
      servers,
      { secret: 'turn-shared-secret-1234', ttlSeconds: 900 },
      userId,
      now,
    );
    const expected = turnCredentials('turn-shared-secret-1234', userId, now, 900);
    expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
    expect(turn).toEqual({
      urls: servers[1]!.urls,
      username: expected.username,
      credential: expected.credential,
    });
    expect(otherTurn).toMatchObject({ username: expected.username, credential: expected.credential });
    expect(Number(expected.username.split(':')[0])).toBe(nowSeconds + 900);
  });
});

describe('who and when', () => {
  const booking = {
    mentorId: 'mentor',
    menteeId: 'mentee',
    status: 'confirmed' as const,
    startTime: new Date('2030-03-04T10:00:00Z'),
    endTime: new Date('2030-03-04T11:00:00Z'),
  };

  it('knows the two people and nobody else', () => {
    expect(partyOf(booking, 'mentor')).toBe('mentor');
    expect(partyOf(booking, 'mentee')).toBe('mentee');
    expect(partyOf(booking, 'stranger')).toBeUndefined();
  });

  it('gives paid bookings a room, and lapsed or failed holds none', () => {
    expect(['confirmed', 'completed', 'cancelled'].every((status) => hasRoom(status as never))).toBe(true);
    expect(['pending_payment', 'expired', 'payment_failed'].some((status) => hasRoom(status as never))).toBe(
      false,
    );
  });

  it('says why a room is closed', () => {
    expect(closedReason(booking, new Date('2030-03-04T09:49:59Z'))).toBe(meetMessages.notOpenYet);
    expect(closedReason(booking, new Date('2030-03-04T09:50:00Z'))).toBeUndefined();
    expect(closedReason(booking, new Date('2030-03-04T11:15:00Z'))).toBe(meetMessages.closed);
    expect(closedReason({ ...booking, status: 'cancelled' }, new Date('2030-03-04T10:30:00Z'))).toBe(
      meetMessages.cancelled,
    );
  });

  it('names the socket room after the room id', () => {
    expect(meetRoom('abc')).toBe('meet:abc');
  });
});

describe('admitInWindow', () => {
  const limit = { max: 3, windowMs: 10_000 };

  it('admits up to max in the window, records each, and refuses the next without recording it', () => {
    let times: number[] = [];
    for (const now of [1_000, 2_000, 3_000]) {
      const answer = admitInWindow(times, now, limit);
      expect(answer.admitted).toBe(true);
      times = answer.times;
    }
    expect(times).toEqual([1_000, 2_000, 3_000]);
    expect(admitInWindow(times, 10_999, limit)).toEqual({ admitted: false, times });
  });

  it('slides: an event leaves the window windowMs after it', () => {
    const times = [1_000, 2_000, 3_000];
    expect(admitInWindow(times, 11_000, limit)).toEqual({ admitted: true, times: [2_000, 3_000, 11_000] });
    expect(admitInWindow(times, 13_000, limit)).toEqual({ admitted: true, times: [13_000] });
  });

  it('no longer counts times after now (a clock set back), so the log never blocks for long', () => {
    expect(admitInWindow([50_000, 51_000, 52_000], 20_000, limit)).toEqual({
      admitted: true,
      times: [20_000],
    });
  });
});

describe('payloadBytes', () => {
  it('counts the bytes of the JSON, multi-byte characters as they travel', () => {
    expect(payloadBytes({ a: 'x' })).toBe('{"a":"x"}'.length);
    expect(payloadBytes('é')).toBe(4);
    expect(payloadBytes(undefined)).toBe(0);
    expect(payloadBytes({ sdp: 'x'.repeat(65_536) })).toBeGreaterThan(65_536);
  });
});
