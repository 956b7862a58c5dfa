import { describe, expect, it } from 'vitest';
import type { MentorCard, MentorListQuery, MentorListResponse } from '@skillroute/shared/mentors';
import { BOOKING_REACH_MS, SLOT_NOTICE_MS } from '../availability/slots';
import {
  LISTING_MAX_AGE_MS,
  listingExpiresAt,
  listingKey,
  listingTimeShown,
  MentorListingCache,
} from './listing-cache';
import { changeAlters, timeChangeOf, timeChangePayload } from './listing-changes';

const query = (change: Partial<MentorListQuery> = {}): MentorListQuery => ({ page: 1, limit: 12, ...change });
const ADA = '3b9f1c2e-5d4a-4b8e-8f0a-6c7d8e9f0a1b';
const BOB = '7d0c3a5e-2a3f-4f6e-9c38-0f6f1f0c9a11';
const CY = 'c5a1e0d2-9b7f-4e3c-8a6d-1f2e3d4c5b6a';

describe('listingKey', () => {
  it('is the same for requests the query answers alike', () => {
    const key = listingKey(
      'Python',
      query({ languages: ['hindi', 'english'], companies: ['Google', 'acme'], search: 'Kafka' }),
      undefined,
    );
    expect(
      listingKey(
        'python',
        query({ languages: ['english', 'hindi', 'english'], companies: ['ACME', 'google'], search: 'kafka' }),
        undefined,
      ),
    ).toBe(key);
    expect(listingKey('ALL', query(), undefined)).toBe(listingKey('all', query(), undefined));
  });

  it('tells apart what changes the page: filters, page, size, the excluded callers', () => {
    const base = listingKey('python', query(), undefined);
    const others = [
      listingKey('go', query(), undefined),
      listingKey('all', query(), undefined),
      listingKey('python', query({ languages: ['hindi'] }), undefined),
      listingKey('python', query({ languages: ['tamil'] }), undefined),
      listingKey('python', query({ companies: ['acme'] }), undefined),
      listingKey('python', query({ search: 'kafka' }), undefined),
      listingKey('python', query({ expirience: 0 }), undefined),
      listingKey('python', query({ page: 2 }), undefined),
      listingKey('python', query({ limit: 24 }), undefined),
      listingKey('python', query(), { id: ADA, role: 'mentor' }),
      listingKey('python', query({ userId: BOB }), undefined),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('excludes a caller once, however they are named: by userId, by session or both, in any case', () => {
    const [ada, bob] = [
      { id: ADA, role: 'mentor' as const },
      { id: BOB, role: 'mentor' as const },
    ];
    const key = listingKey('python', query({ userId: ADA }), undefined);
    expect(listingKey('python', query(), ada)).toBe(key);
    expect(listingKey('python', query({ userId: ADA.toUpperCase() }), ada)).toBe(key);
    expect(listingKey('python', query({ userId: BOB }), ada)).toBe(
      listingKey('python', query({ userId: ADA }), bob),
    );
  });

  it('gives a signed-in reader who is not a mentor the anonymous page, since they are never listed', () => {
    const anonymous = listingKey('python', query(), undefined);
    const reader = { id: CY, role: 'user' as const };
    expect(listingKey('python', query(), reader)).toBe(anonymous);
    // As the web client asks: naming its own reader.
    expect(listingKey('python', query({ userId: CY.toUpperCase() }), reader)).toBe(anonymous);
    // Someone else named is still left out: whether they are a mentor is not known here.
    expect(listingKey('python', query({ userId: ADA }), reader)).toBe(
      listingKey('python', query({ userId: ADA }), undefined),
    );
  });

  it('folds only ASCII: a text PostgreSQL may lower-case differently keeps its own entry', () => {
    expect(listingKey('python', query({ search: 'İstanbul' }), undefined)).not.toBe(
      listingKey('python', query({ search: 'i̇stanbul' }), undefined),
    );
  });
});

const NOW = Date.parse('2026-11-23T10:00:00.000Z');
const card = (startTime: string | null): MentorCard => ({
  id: ADA,
  name: 'Ada',
  avatar: null,
  headline: 'Engineer who likes teaching',
  expirience: 5,
  languages: ['english'],
  assessedSkills: ['Python'],
  companies: [],
  pricePerSession: 1500,
  timezone: 'Asia/Kolkata',
  rating: null,
  reviewCount: 0,
  sessionsHeld: 0,
  nextFreeSlot:
    startTime === null
      ? null
      : { startTime, endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString() },
});
const page = (...starts: (string | null)[]): MentorListResponse => ({
  mentors: starts.map(card),
  total: starts.length,
  page: 1,
  limit: 12,
});

describe('listingExpiresAt', () => {
  it('is the max age for a page without slots, or whose slots are far off', () => {
    expect(listingExpiresAt(NOW, page())).toBe(NOW + LISTING_MAX_AGE_MS);
    expect(listingExpiresAt(NOW, page(null, '2026-11-24T10:00:00.000Z'))).toBe(NOW + LISTING_MAX_AGE_MS);
  });

  it('is when the earliest slot shown stops being bookable (its start minus the notice), if sooner', () => {
    const soon = '2026-11-23T12:00:30.000Z';
    expect(listingExpiresAt(NOW, page('2026-11-23T13:00:00.000Z', soon, null))).toBe(
      Date.parse(soon) - SLOT_NOTICE_MS,
    );
    expect(Date.parse(soon) - SLOT_NOTICE_MS).toBe(NOW + 30_000);
  });
});

describe('MentorListingCache', () => {
  function setUp() {
    let now = NOW;
    const cache = new MentorListingCache(() => now);
    cache.setListening(true);
    let answer = page(null);
    const load = async () => {
      load.calls += 1;
      return answer;
    };
    load.calls = 0;
    return {
      cache,
      load,
      tick: (ms: number) => (now += ms),
      answerWith: (next: MentorListResponse) => (answer = next),
    };
  }

  it('serves a page from memory until it expires, then reads it again', async () => {
    const { cache, load, tick } = setUp();
    const first = await cache.read('k', load);
    expect(JSON.parse(first.body)).toEqual(page(null));
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(await cache.read('k', load)).toBe(first);
    tick(LISTING_MAX_AGE_MS - 1);
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    tick(1);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('says of a kept page whether it is still the one it would serve, and of an unkept one nothing', async () => {
    const { cache, load, tick } = setUp();
    const kept = await cache.read('k', load);
    expect(kept.isCurrent?.()).toBe(true);
    tick(LISTING_MAX_AGE_MS);
    expect(kept.isCurrent?.()).toBe(false);
    const again = await cache.read('k', load);
    expect(again.isCurrent?.()).toBe(true);
    cache.forgetAll();
    expect(again.isCurrent?.()).toBe(false);
    const third = await cache.read('k', load);
    cache.setListening(false);
    expect(third.isCurrent?.()).toBe(false);
    // Read while nothing is heard: served once, never kept, so nothing may send it again.
    expect((await cache.read('k', load)).isCurrent).toBeUndefined();
  });

  it('expires a page when its earliest slot stops being bookable', async () => {
    const { cache, load, tick, answerWith } = setUp();
    answerWith(page(new Date(NOW + SLOT_NOTICE_MS + 10_000).toISOString()));
    await cache.read('k', load);
    tick(9_999);
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    tick(1);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('forgets everything on a change, and does not store a read that a change overtook', async () => {
    const { cache, load } = setUp();
    await cache.read('k', load);
    cache.forgetAll();
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    const overtaken = cache.read('other', async () => {
      cache.forgetAll();
      return page();
    });
    await overtaken;
    // The change dropped 'k'; the page read across it was not stored.
    expect(cache.stats).toEqual({ entries: 0, bytes: 0, indexed: 0 });
  });

  it("drops on a booking only the answers that show its people's time", async () => {
    const { cache } = setUp();
    const showing =
      (...ids: string[]) =>
      async () => ({ ...page(), mentors: ids.map((id) => ({ ...card(null), id })) });
    const loads = { ada: 0, bob: 0, nobody: 0 };
    const read = (key: keyof typeof loads, ...ids: string[]) =>
      cache.read(key, () => {
        loads[key] += 1;
        return showing(...ids)();
      });
    await Promise.all([read('ada', ADA), read('bob', BOB), read('nobody')]);
    // A booking of Ada with a mentee on no page: only Ada's page goes.
    cache.forgetTimeOf({ people: [ADA, CY], from: NOW });
    await Promise.all([read('ada', ADA), read('bob', BOB), read('nobody')]);
    expect(loads).toEqual({ ada: 2, bob: 1, nobody: 1 });
    // Bob as someone's mentee: his page goes too.
    cache.forgetTimeOf({ people: [CY, BOB], from: NOW });
    await Promise.all([read('ada', ADA), read('bob', BOB), read('nobody')]);
    expect(loads).toEqual({ ada: 2, bob: 2, nobody: 1 });
  });

  it('does not store a read that a booking of someone it shows overtook, and stores one that shows others', async () => {
    const { cache } = setUp();
    const overtakenRead = cache.read('ada', async () => {
      cache.forgetTimeOf({ people: [ADA, CY], from: NOW });
      return page(null);
    });
    const untouchedRead = cache.read('bob', async () => {
      await overtakenRead;
      return { ...page(), mentors: [{ ...card(null), id: BOB }] };
    });
    await Promise.all([overtakenRead, untouchedRead]);
    expect(cache.stats.entries).toBe(1);
    let read = 0;
    await cache.read('bob', async () => {
      read += 1;
      return page();
    });
    expect(read).toBe(0);
  });

  it('hears a time change by its payload, and anything else as a change to everything', async () => {
    const { cache, load } = setUp();
    const fill = () => Promise.all([cache.read('ada', load), cache.read('nobody', async () => page())]);
    await fill();
    cache.heard(timeChangePayload({ people: [BOB, CY], from: NOW }));
    expect(cache.stats.entries).toBe(2);
    cache.heard(timeChangePayload({ people: [ADA, CY], from: NOW }));
    expect(cache.stats.entries).toBe(1);
    const bad = ['', 'time:', `time:${ADA}`, `time::${ADA}`, 'time:12:not-an-id', `time:1e3:${ADA}`];
    for (const payload of [...bad, `time:12:${ADA};drop`, 'anything']) {
      await fill();
      cache.heard(payload);
      expect(cache.stats.entries, payload).toBe(0);
    }
  });

  it("keeps a page when a booking's time starts too long after the next free slot it shows", async () => {
    const { cache } = setUp();
    const slotStart = '2026-11-25T10:00:00.000Z';
    const slotAt = Date.parse(slotStart);
    let loads = 0;
    const read = () =>
      cache.read('ada', async () => {
        loads += 1;
        return page(slotStart);
      });
    await read();
    // Ada's time taken or freed from two days after the slot on cannot take that slot or free an earlier one.
    cache.forgetTimeOf({ people: [ADA, CY], from: slotAt + BOOKING_REACH_MS });
    await read();
    expect(loads).toBe(1);
    // Nearer, it can: the same day's limit, a buffer, or the slot itself.
    cache.forgetTimeOf({ people: [ADA, CY], from: slotAt + BOOKING_REACH_MS - 1 });
    await read();
    expect(loads).toBe(2);
    // A read overtaken by a near change is not stored; one overtaken only by a far one is.
    await cache.read('overtaken', async () => {
      cache.forgetTimeOf({ people: [ADA], from: slotAt });
      return page(slotStart);
    });
    await cache.read('kept', async () => {
      cache.forgetTimeOf({ people: [ADA], from: slotAt + BOOKING_REACH_MS });
      return page(slotStart);
    });
    const reloaded: string[] = [];
    for (const key of ['overtaken', 'kept'])
      await cache.read(key, async () => {
        reloaded.push(key);
        return page(slotStart);
      });
    expect(reloaded).toEqual(['overtaken']);
  });

  it('names a person in its index only while an answer showing them is kept, however the answer went', async () => {
    const { cache, tick } = setUp();
    const showing =
      (...ids: string[]) =>
      async () => ({ ...page(), mentors: ids.map((id) => ({ ...card(null), id })) });
    await Promise.all([cache.read('ada', showing(ADA)), cache.read('both', showing(ADA, BOB))]);
    expect(cache.stats).toMatchObject({ entries: 2, indexed: 2 });
    // Dropped by a booking of Bob's: Ada stays indexed for her own page.
    cache.forgetTimeOf({ people: [BOB], from: NOW });
    expect(cache.stats).toMatchObject({ entries: 1, indexed: 1 });
    // Replaced by a newer read of the same key, then expired on a read.
    cache.forgetTimeOf({ people: [ADA], from: NOW });
    await cache.read('ada', showing(ADA));
    expect(cache.stats).toMatchObject({ entries: 1, indexed: 1 });
    tick(LISTING_MAX_AGE_MS);
    await cache.read('ada', showing(BOB));
    expect(cache.stats).toMatchObject({ entries: 1, indexed: 1 });
    cache.forgetAll();
    expect(cache.stats).toEqual({ entries: 0, bytes: 0, indexed: 0 });
  });

  it('reads once for concurrent misses on one key', async () => {
    const { cache, load } = setUp();
    const [a, b] = await Promise.all([cache.read('k', load), cache.read('k', load)]);
    expect(a).toBe(b);
    expect(load.calls).toBe(1);
  });

  it('keeps nothing while the changes are not heard', async () => {
    const { cache, load } = setUp();
    cache.setListening(false);
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    expect(cache.stats).toEqual({ entries: 0, bytes: 0, indexed: 0 });
  });
});

describe('MentorListingCache.readValue', () => {
  function setUp() {
    let now = NOW;
    const cache = new MentorListingCache(() => now);
    cache.setListening(true);
    let value: { price: number } | undefined = { price: 1 };
    const load = async () => {
      load.calls += 1;
      return value;
    };
    load.calls = 0;
    return { cache, load, tick: (ms: number) => (now += ms), set: (next: typeof value) => (value = next) };
  }

  it('keeps a value until any change but a time change is heard, or until it is LISTING_MAX_AGE_MS old', async () => {
    const { cache, load, tick, set } = setUp();
    expect(await cache.readValue('owner:ada', load)).toEqual({ price: 1 });
    set({ price: 2 });
    cache.forgetTimeOf({ people: [ADA], from: NOW });
    tick(LISTING_MAX_AGE_MS - 1);
    expect(await cache.readValue('owner:ada', load)).toEqual({ price: 1 });
    expect(load.calls).toBe(1);
    tick(1);
    expect(await cache.readValue('owner:ada', load)).toEqual({ price: 2 });
    set({ price: 3 });
    cache.heard('');
    expect(await cache.readValue('owner:ada', load)).toEqual({ price: 3 });
    expect(load.calls).toBe(3);
  });

  it('reads once for concurrent misses on one key, and not for a read after a change is heard', async () => {
    const { cache, load } = setUp();
    const [first, second] = await Promise.all([
      cache.readValue('owner:ada', load),
      cache.readValue('owner:ada', load),
    ]);
    expect(first).toBe(second);
    expect(load.calls).toBe(1);
    cache.forgetAll();
    const during = cache.readValue('owner:bob', load);
    cache.heard('');
    await Promise.all([during, cache.readValue('owner:bob', load)]);
    expect(load.calls).toBe(3);
  });

  it('keeps nothing found, nothing read while a change was heard, and nothing while changes are not heard', async () => {
    const { cache, load, set } = setUp();
    set(undefined);
    await cache.readValue('owner:nobody', load);
    await cache.readValue('owner:nobody', load);
    expect(load.calls).toBe(2);

    set({ price: 1 });
    const overtaken = cache.readValue('owner:ada', async () => {
      const value = await load();
      cache.forgetAll();
      return value;
    });
    expect(await overtaken).toEqual({ price: 1 });
    await cache.readValue('owner:ada', load);
    expect(load.calls).toBe(4);

    cache.setListening(false);
    await cache.readValue('owner:bob', load);
    await cache.readValue('owner:bob', load);
    expect(load.calls).toBe(6);
  });
});

describe('time changes', () => {
  it('travel as a payload and back, and one too long for a NOTIFY says "everything"', () => {
    const change = { people: [ADA, BOB], from: Date.parse('2026-11-25T10:00:00.000Z') };
    expect(timeChangeOf(timeChangePayload(change))).toEqual(change);
    const crowd = { people: Array.from({ length: 400 }, () => ADA), from: change.from };
    expect(timeChangePayload(crowd)).toBe('');
    expect(timeChangeOf('')).toBeUndefined();
  });

  it('alter an answer when they start before the instant it gives for one of their people, else not', () => {
    const at = Date.parse('2026-11-25T10:00:00.000Z');
    const shown = listingTimeShown({
      mentors: [
        { ...card('2026-11-25T10:00:00.000Z'), id: ADA },
        { ...card(null), id: BOB },
      ],
    });
    expect(shown).toEqual(
      new Map([
        [ADA, at + BOOKING_REACH_MS],
        [BOB, Infinity],
      ]),
    );
    const far = at + 30 * BOOKING_REACH_MS;
    expect(changeAlters({ people: [ADA, CY], from: at + BOOKING_REACH_MS - 1 }, shown)).toBe(true);
    expect(changeAlters({ people: [ADA, CY], from: at + BOOKING_REACH_MS }, shown)).toBe(false);
    // Nothing free shown: any time freed may be the next free slot.
    expect(changeAlters({ people: [CY, BOB], from: far }, shown)).toBe(true);
    expect(changeAlters({ people: [CY], from: at }, shown)).toBe(false);
  });
});
