import { describe, expect, it } from 'vitest';
import { bookingMessages } from '@skillroute/shared/bookings';
import { KeyedLocks } from './local-locks';
import {
  menteeHoldsOf,
  busyByPerson,
  cancellerOf,
  holdRefusal,
  collision,
  holdExpiry,
  holdsTime,
  inListOrder,
  lockKeyOf,
  lockKeysInOrder,
  overlapMessage,
  overlapsAny,
} from './rules';
import { limitMessages } from '@skillroute/shared/marketplace-limits';

const NOW = new Date('2026-12-07T06:00:00Z');

describe('holds', () => {
  it('lapse 15 minutes after they are made', () => {
    expect(holdExpiry(NOW).toISOString()).toBe('2026-12-07T06:15:00.000Z');
  });

  it('hold time while confirmed, or while held and not lapsed; never otherwise', () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    expect(holdsTime({ status: 'confirmed', holdExpiresAt: at(-60) }, NOW)).toBe(true);
    expect(holdsTime({ status: 'pending_payment', holdExpiresAt: at(1) }, NOW)).toBe(true);
    expect(holdsTime({ status: 'pending_payment', holdExpiresAt: NOW }, NOW)).toBe(false);
    for (const status of ['expired', 'payment_failed', 'cancelled', 'completed'] as const)
      expect(holdsTime({ status, holdExpiresAt: at(10) }, NOW)).toBe(false);
  });
});

describe('advisory lock keys', () => {
  it('are the first 64 bits of the uuid as a signed bigint', () => {
    expect(lockKeyOf('00000000-0000-0000-8000-000000000000')).toBe(0n);
    expect(lockKeyOf('00000000-0000-4000-8000-000000000000')).toBe(16384n);
    expect(lockKeyOf('00000000-0000-0001-8000-000000000000')).toBe(1n);
    expect(lockKeyOf('ffffffff-ffff-ffff-0000-000000000000')).toBe(-1n);
    expect(lockKeyOf('7fffffff-ffff-ffff-0000-000000000000')).toBe(2n ** 63n - 1n);
    expect(() => lockKeyOf('not-a-uuid')).toThrow(RangeError);
  });

  it('come in one ascending order whoever is mentor, without repeats', () => {
    const a = 'ffffffff-ffff-ffff-0000-000000000000';
    const b = '00000000-0000-0005-8000-000000000000';
    expect(lockKeysInOrder([a, b])).toEqual([-1n, 5n]);
    expect(lockKeysInOrder([b, a])).toEqual([-1n, 5n]);
    expect(lockKeysInOrder([b, b])).toEqual([5n]);
  });
});

describe('overlaps', () => {
  it('name the mentee’s own session for the mentee constraint and the taken slot otherwise', () => {
    expect(overlapMessage('bookings_mentee_no_overlap')).toBe(bookingMessages.overlapOwn);
    expect(overlapMessage('bookings_mentor_no_overlap')).toBe(bookingMessages.slotTaken);
    expect(overlapMessage(undefined)).toBe(bookingMessages.slotTaken);
  });

  it('are half-open: touching hours do not overlap', () => {
    const busy = [{ start: 10, end: 20 }];
    expect(overlapsAny(20, 30, busy)).toBe(false);
    expect(overlapsAny(0, 10, busy)).toBe(false);
    expect(overlapsAny(19, 29, busy)).toBe(true);
    expect(overlapsAny(5, 25, busy)).toBe(true);
    expect(overlapsAny(0, 30, [])).toBe(false);
  });
});

describe('list order', () => {
  const hour = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
  const booking = (id: string, startHours: number) => ({
    id,
    startTime: hour(startHours),
    endTime: hour(startHours + 1),
  });

  it('puts sessions not yet over first, soonest first, then past ones newest first', () => {
    const list = [
      booking('past-old', -48),
      booking('later', 30),
      booking('running', -0.5),
      booking('past-new', -3),
      booking('soon', 4),
    ];
    expect(inListOrder(list, NOW).map((b) => b.id)).toEqual([
      'running',
      'soon',
      'later',
      'past-new',
      'past-old',
    ]);
  });

  it('counts a session ending now as past, and breaks ties by id', () => {
    expect(
      inListOrder([booking('ended', -1), booking('b', 2), booking('a', 2)], NOW).map((b) => b.id),
    ).toEqual(['a', 'b', 'ended']);
  });
});

describe('KeyedLocks', () => {
  it('runs work on a shared key one at a time, in arrival order, and forgets released keys', async () => {
    const locks = new KeyedLocks();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(name);
      running -= 1;
    };
    await Promise.all([
      locks.run(['m', 'a'], work('first')),
      locks.run(['m', 'b'], work('second')),
      locks.run(['b', 'm'], work('third')),
    ]);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(most).toBe(1);
    expect(locks.size).toBe(0);
  });

  it('lets work on other keys run at once, and releases a key when the work throws', async () => {
    const locks = new KeyedLocks();
    let release!: () => void;
    const blocked = locks.run(['x'], () => new Promise<void>((resolve) => (release = resolve)));
    await expect(locks.run(['y'], async () => 'free')).resolves.toBe('free');
    release();
    await blocked;
    await expect(locks.run(['x'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(locks.run(['x'], async () => 'again')).resolves.toBe('again');
    expect(locks.size).toBe(0);
  });

  it('tells the work whether it waited behind another holder of one of its keys', async () => {
    const locks = new KeyedLocks();
    let release!: () => void;
    const first = locks.run(
      ['m', 'a'],
      (queued) => new Promise<boolean>((resolve) => (release = () => resolve(queued))),
    );
    const second = locks.run(['b', 'm'], async (queued) => queued);
    const elsewhere = locks.run(['c'], async (queued) => queued);
    await expect(elsewhere).resolves.toBe(false);
    release();
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
    await expect(locks.run(['m'], async (queued) => queued)).resolves.toBe(false);
  });
});

describe('menteeHoldsOf', () => {
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
  it('counts a hold expired in the same read (still unpaid, its expiry past) as lapsed, not unpaid', () => {
    const holds = menteeHoldsOf(
      [
        { mentorId: 'a', status: 'pending_payment', holdExpiresAt: at(5) },
        { mentorId: 'b', status: 'pending_payment', holdExpiresAt: at(0) },
        { mentorId: 'c', status: 'expired', holdExpiresAt: at(-30) },
      ],
      NOW,
    );
    expect(holds.unpaidHolds).toEqual([{ mentorId: 'a' }]);
    expect(holds.lapsedAt).toEqual([at(0), at(-30)]);
  });
});

describe('busy times', () => {
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
  const booking = (status: 'pending_payment' | 'confirmed' | 'expired', holdExpiresAt: Date) => ({
    mentorId: 'm',
    menteeId: 'e',
    startTime: at(60),
    endTime: at(120),
    status,
    holdExpiresAt,
  });

  it('count the bookings that hold their time now, for both people, in their roles', () => {
    const busy = busyByPerson(
      [booking('confirmed', at(-60)), booking('pending_payment', at(5))],
      ['m', 'e', 'x'],
      NOW,
    );
    const interval = { start: at(60).getTime(), end: at(120).getTime() };
    expect(busy.get('m')).toEqual([
      { ...interval, asMentor: true },
      { ...interval, asMentor: true },
    ]);
    expect(busy.get('e')).toEqual([
      { ...interval, asMentor: false },
      { ...interval, asMentor: false },
    ]);
    expect(busy.get('x')).toEqual([]);
  });

  it('leave out a lapsed hold and a booking that holds no time', () => {
    const busy = busyByPerson([booking('pending_payment', NOW), booking('expired', at(5))], ['m'], NOW);
    expect(busy.get('m')).toEqual([]);
  });

  it("say the mentor's time is taken before the mentee's own overlap", () => {
    const busy = new Map([
      ['m', [{ start: 0, end: 10 }]],
      ['e', [{ start: 0, end: 10 }]],
    ]);
    expect(collision(busy, { mentorId: 'm', menteeId: 'e', start: 5, end: 15 })).toBe(
      bookingMessages.slotTaken,
    );
    expect(
      collision(new Map([['e', [{ start: 0, end: 10 }]]]), {
        mentorId: 'm',
        menteeId: 'e',
        start: 5,
        end: 15,
      }),
    ).toBe(bookingMessages.overlapOwn);
    expect(collision(busy, { mentorId: 'm', menteeId: 'e', start: 10, end: 20 })).toBeUndefined();
  });
});

describe('who cancelled', () => {
  it('is one of the two people, or staff', () => {
    const booking = { mentorId: 'm', menteeId: 'e' };
    expect(cancellerOf({ ...booking, cancelledBy: 'm' })).toBe('mentor');
    expect(cancellerOf({ ...booking, cancelledBy: 'e' })).toBe('mentee');
    expect(cancellerOf({ ...booking, cancelledBy: null })).toBe('staff');
  });
});

describe('the hold limits', () => {
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
  const base = { mentorId: 'm1', unpaidHolds: [], lapsedAt: [], now: NOW };

  it('allow one unpaid hold per mentor and three in all', () => {
    expect(holdRefusal(base)).toBeUndefined();
    expect(holdRefusal({ ...base, unpaidHolds: [{ mentorId: 'm1' }] })).toEqual({
      code: 'conflict',
      message: limitMessages.holdWithMentor,
    });
    expect(holdRefusal({ ...base, unpaidHolds: [{ mentorId: 'm2' }, { mentorId: 'm3' }] })).toBeUndefined();
    expect(
      holdRefusal({ ...base, unpaidHolds: [{ mentorId: 'm2' }, { mentorId: 'm3' }, { mentorId: 'm4' }] }),
    ).toEqual({ code: 'conflict', message: limitMessages.holdsAtOnce });
  });

  it('make a mentee with three holds lapsed in a day wait until enough are a day old', () => {
    const day = 24 * 60;
    expect(holdRefusal({ ...base, lapsedAt: [at(-60), at(-30)] })).toBeUndefined();
    expect(holdRefusal({ ...base, lapsedAt: [at(-day - 1), at(-60), at(-30)] })).toBeUndefined();
    expect(holdRefusal({ ...base, lapsedAt: [at(-90), at(-60), at(-30)] })).toEqual({
      code: 'too_many_requests',
      message:
        '3 of your holds lapsed unpaid in the last 24 hours, so you can hold a new session again in about 23 hours.',
      retryAfterSeconds: (day - 90) * 60,
    });
    // Five in the day: free again once the third oldest is a day old.
    expect(
      holdRefusal({ ...base, lapsedAt: [at(-30), at(-200), at(-60), at(-100), at(-150)] }),
    ).toMatchObject({
      retryAfterSeconds: (day - 100) * 60,
    });
    // A hold lapsing later than now (expired early by a block) is no lapse of the mentee's.
    expect(holdRefusal({ ...base, lapsedAt: [at(-90), at(-60), at(10)] })).toBeUndefined();
  });
});
