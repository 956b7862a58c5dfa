import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWeeklySchedule } from '@skillroute/shared/availability';
import {
  mentorListResponseSchema,
  mentorProfileResponseSchema,
  type MentorListResponse,
} from '@skillroute/shared/mentors';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { HEARD_SOON, listingChangesHeard } from '../../../test/changes-heard';
import { createMentor, createStack, type MentorSeed } from '../../../test/mentors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { signIn, TEST_PASSWORD, type SignedIn } from '../../../test/sockets';
import { statementsDuring } from '../../../test/statements';
import { bookings, mentorAvailability, mentorProfiles, users } from '../../db/schema';
import { BOOKING_REACH_MS } from '../availability/slots';

// Two api processes on one database, as two replicas behind a load balancer: `a` and `b`.
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const get = (on: TestApp, url: string, headers: Record<string, string> = {}) =>
  on.app.inject({ method: 'GET', url, headers });
async function list(on: TestApp, url: string, cookie?: string): Promise<MentorListResponse> {
  const response = await get(on, url, cookie === undefined ? {} : { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return mentorListResponseSchema.parse(response.json());
}
const idsOf = (answer: MentorListResponse) => new Set(answer.mentors.map((mentor) => mentor.id));

/** A stack of the test's own, and a mentor in it who can sign in. */
async function setUp(
  seed: MentorSeed = {},
): Promise<{ url: string; stackId: string; mentorId: string; mentor: () => Promise<SignedIn> }> {
  const name = `Cached-${randomUUID().slice(0, 8)}`;
  const stackId = await createStack(a.app.db, name);
  const email = `mentor-${randomUUID()}@example.org`;
  const mentorId = await createMentor(a.app.db, {
    email,
    password: TEST_PASSWORD,
    ...seed,
    skills: [stackId],
  });
  return { url: `/api/mentor/${name}`, stackId, mentorId, mentor: () => signIn(a.app, email) };
}

/** Someone signed in on `a`, who may book. */
async function newPerson(): Promise<SignedInPerson> {
  const user = await createUser(a.app.db, { email: `mentee-${randomUUID()}@example.org` });
  return signedInAs(a.app.db, a.config.jwtSecret, user, new Date());
}

/** A mentor's free hours for the next 30 days, from the start of this hour, as the profile page asks. */
const freeHoursUrl = (mentorId: string) =>
  `/api/mentors/availability/${mentorId}/slots?from=${new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString()}&to=${new Date(Date.now() + 30 * 86_400_000).toISOString()}`;

/** Until both processes listen for the listing's changes. */
const bothListening = () =>
  expect
    .poll(() => a.app.mentorListingCache.active && b.app.mentorListingCache.active, HEARD_SOON)
    .toBe(true);

/** The next free hour `b` shows on the first card of a listing page. */
const nextFreeHourOnB = async (url: string) => (await list(b, url)).mentors[0]?.nextFreeSlot?.startTime;

/** An hour of a mentor's taken straight in the database, which no process hears of; answers the booking's id. */
async function takeUnheard(mentorId: string, menteeId: string, startTime: string): Promise<string> {
  const start = new Date(startTime);
  const [row] = await a.app.db
    .insert(bookings)
    .values({
      mentorId,
      menteeId,
      startTime: start,
      endTime: new Date(start.getTime() + 3_600_000),
      status: 'confirmed',
      amount: 150_000,
      holdExpiresAt: start,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** An hour held through `a`, as the profile page books it. */
const holdThroughA = (mentee: SignedInPerson, mentorId: string, startTime: string) =>
  a.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: mentee.cookie },
    payload: { mentorId, startTime },
  });

const putProfile = (on: TestApp, who: SignedIn, headline: string) =>
  on.app.inject({
    method: 'PUT',
    url: '/api/mentor',
    headers: { cookie: who.cookie },
    payload: { mentorId: who.id, updatedData: { headline } },
  });

describe('GET /api/mentor/:skill from memory', () => {
  it('answers with an ETag, 304 to If-None-Match, and stays uncached on the client', async () => {
    const { url } = await setUp();
    const first = await get(a, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-store');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Kept once the notifications of the set-up's own inserts are heard (each drops the cache).
    await expect
      .poll(async () => {
        await get(a, url);
        return a.app.mentorListingCache.stats.entries;
      }, HEARD_SOON)
      .toBeGreaterThan(0);

    const again = await get(a, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The other process serializes the same page to the same bytes, so the ETag holds there too.
    expect((await get(b, url, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get(a, url, { 'if-none-match': '"other"' })).body).toBe(first.body);
  });

  it('shows a profile edit (PUT /api/mentor) at once', async () => {
    const { url, mentor } = await setUp();
    const me = await mentor();
    expect((await list(a, url)).mentors[0]?.headline).toBe('Engineer who likes teaching');
    expect((await putProfile(a, me, 'Now teaching Rust')).statusCode).toBe(200);
    expect((await list(a, url)).mentors[0]?.headline).toBe('Now teaching Rust');
  });

  it('shows an availability save (PUT /api/mentors/availability) at once, and drops a mentor who offers no hours', async () => {
    const { url, mentor } = await setUp();
    const me = await mentor();
    expect((await list(a, url)).mentors[0]?.pricePerSession).toBe(1500);
    const save = (weeklySchedule: ReturnType<typeof emptyWeeklySchedule>, pricePerSession: number) =>
      a.app.inject({
        method: 'PUT',
        url: '/api/mentors/availability',
        headers: { cookie: me.cookie },
        payload: { mentorId: me.id, weeklySchedule, pricePerSession },
      });
    const monday = {
      ...emptyWeeklySchedule(),
      monday: { isAvailable: true, timeSlots: [{ startTime: '10:00 AM', endTime: '11:00 AM' }] },
    };
    expect((await save(monday, 2500)).statusCode).toBe(200);
    expect((await list(a, url)).mentors[0]?.pricePerSession).toBe(2500);
    expect((await save(emptyWeeklySchedule(), 2500)).statusCode).toBe(200);
    expect((await list(a, url)).mentors).toEqual([]);
  });

  it('drops a blocked mentor and shows a new name, changed straight in the database, as soon as the trigger is heard', async () => {
    const { url, stackId, mentorId } = await setUp({ name: 'Old Name' });
    const other = await createMentor(a.app.db, { skills: [stackId] });
    expect(idsOf(await list(a, url))).toEqual(new Set([mentorId, other]));

    await a.app.db.update(users).set({ name: 'New Name' }).where(eq(users.id, mentorId));
    await expect
      .poll(async () => (await list(a, url)).mentors.find((card) => card.id === mentorId)?.name, HEARD_SOON)
      .toBe('New Name');

    await a.app.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, mentorId));
    await expect.poll(async () => idsOf(await list(a, url)), HEARD_SOON).toEqual(new Set([other]));
  });

  it("keeps a mentor's profile for everyone but the mentor until a change of it is heard", async () => {
    const { mentorId, mentor } = await setUp({ bio: 'The first bio.' });
    await listingChangesHeard(a);
    const details = async (cookie?: string) => {
      const response = await get(
        a,
        `/api/mentor/details/${mentorId}`,
        cookie === undefined ? {} : { cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      return mentorProfileResponseSchema.parse(response.json()).mentor;
    };
    expect(await details()).toMatchObject({ bio: 'The first bio.' });

    // A change no process hears (triggers off for this transaction) shows who reads from memory.
    await a.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(mentorProfiles)
        .set({ bio: 'An unheard bio.' })
        .where(eq(mentorProfiles.userId, mentorId));
    });
    const { cookie } = await mentor();
    expect(await details()).toMatchObject({ bio: 'The first bio.' });
    expect((await details()).email).toBeUndefined();
    // The mentor's own page is read afresh, with their e-mail.
    expect(await details(cookie)).toMatchObject({ bio: 'An unheard bio.', email: expect.any(String) });

    await a.app.db
      .update(mentorProfiles)
      .set({ bio: 'A heard bio.' })
      .where(eq(mentorProfiles.userId, mentorId));
    await expect.poll(async () => (await details()).bio, HEARD_SOON).toBe('A heard bio.');
  });

  it("keeps a mentor's availability and settings for their holds and free hours until a change of them is heard", async () => {
    const { mentorId } = await setUp({ availability: { pricePaise: 150_000 } });
    await listingChangesHeard(a);
    const priceShown = async () => {
      const response = await get(a, `/api/mentors/availability/${mentorId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ pricePerSession: number }>().pricePerSession;
    };
    const hours = (await get(a, freeHoursUrl(mentorId))).json<{ slots: Array<{ startTime: string }> }>()
      .slots;
    expect(hours.length).toBeGreaterThan(1);
    expect(await priceShown()).toBe(1500);
    const setPrice = (paise: number) =>
      a.app.db
        .update(mentorAvailability)
        .set({ pricePerSession: paise })
        .where(eq(mentorAvailability.userId, mentorId));

    // A change no process hears (triggers off for this transaction): the hold still reads the kept price.
    await a.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(mentorAvailability)
        .set({ pricePerSession: 200_000 })
        .where(eq(mentorAvailability.userId, mentorId));
    });
    expect(await priceShown()).toBe(1500);
    const first = await holdThroughA(await newPerson(), mentorId, hours[0]!.startTime);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ booking: { amount: number } }>().booking.amount).toBe(150_000);

    await setPrice(250_000);
    await expect.poll(priceShown, HEARD_SOON).toBe(2500);
    const second = await holdThroughA(await newPerson(), mentorId, hours[1]!.startTime);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ booking: { amount: number } }>().booking.amount).toBe(250_000);
  });

  it('keeps each caller out of their own listing only: two signed-in mentors and an anonymous visitor', async () => {
    const { url, stackId, mentorId: adaId, mentor: adaSession } = await setUp();
    const bobEmail = `mentor-${randomUUID()}@example.org`;
    const bobId = await createMentor(a.app.db, {
      email: bobEmail,
      password: TEST_PASSWORD,
      skills: [stackId],
    });
    const ada = await adaSession();
    const bob = await signIn(a.app, bobEmail);
    for (let round = 0; round < 2; round += 1) {
      expect(idsOf(await list(a, url))).toEqual(new Set([adaId, bobId]));
      expect(idsOf(await list(a, url, ada.cookie))).toEqual(new Set([bobId]));
      expect(idsOf(await list(a, url, bob.cookie))).toEqual(new Set([adaId]));
      expect(idsOf(await list(a, `${url}?userId=${adaId}`))).toEqual(new Set([bobId]));
      expect(idsOf(await list(a, `${url}?userId=${adaId}`, bob.cookie))).toEqual(new Set());
    }
  });
});

describe('two api processes on one database', () => {
  it('a change through one drops the page the other kept', async () => {
    const { url, mentor } = await setUp();
    const me = await mentor();
    await bothListening();
    const before = await get(b, url);
    expect(JSON.parse(before.body).mentors[0].headline).toBe('Engineer who likes teaching');
    expect((await get(b, url, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(304);

    expect((await putProfile(a, me, 'Changed on the other process')).statusCode).toBe(200);
    await expect
      .poll(async () => (await list(b, url)).mentors[0]?.headline, HEARD_SOON)
      .toBe('Changed on the other process');
    expect((await get(b, url, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
  });

  it("a booking through one drops, on the other, only the answers that show its people's time", async () => {
    const [ada, bob] = [await setUp(), await setUp()];
    const [mentee, someoneElse] = [await newPerson(), await newPerson()];
    await bothListening();
    const nextOf = nextFreeHourOnB;
    const adaNext = await nextOf(ada.url);
    const bobNext = await nextOf(bob.url);
    expect(adaNext).toBeDefined();
    expect(bobNext).toBeDefined();
    const freeHours = freeHoursUrl(bob.mentorId);
    const bobHours = (await get(b, freeHours)).body;

    // Bob's next hour taken straight in the database, which nobody hears: what `b` keeps of Bob still says free.
    await takeUnheard(bob.mentorId, someoneElse.id, bobNext!);
    // Ada's next hour held through `a`: `b` shows her next one instead, and still keeps Bob's page and hours.
    const held = await holdThroughA(mentee, ada.mentorId, adaNext!);
    expect(held.statusCode, held.body).toBe(201);
    await expect.poll(() => nextOf(ada.url), HEARD_SOON).not.toBe(adaNext);
    expect(await nextOf(bob.url)).toBe(bobNext);
    expect((await get(b, freeHours)).body).toBe(bobHours);

    // Any other change still drops everything: Bob's taken hour shows once his profile changes.
    await a.app.db.update(users).set({ name: 'Bob, renamed' }).where(eq(users.id, bob.mentorId));
    await expect.poll(() => nextOf(bob.url), HEARD_SOON).not.toBe(bobNext);
    expect((await get(b, freeHours)).body).not.toBe(bobHours);
  });

  it('a cancellation through one frees, on the other, the hour it held, told by its own statement', async () => {
    const ada = await setUp();
    const mentee = await newPerson();
    await bothListening();
    const nextOf = () => nextFreeHourOnB(ada.url);
    const adaNext = await nextOf();
    expect(adaNext).toBeDefined();
    // Her next hour booked straight in the database; her renaming drops what `b` keeps, so it shows the hour after.
    const bookingId = await takeUnheard(ada.mentorId, mentee.id, adaNext!);
    await a.app.db.update(users).set({ name: 'Ada, renamed' }).where(eq(users.id, ada.mentorId));
    await expect.poll(() => nextOf(), HEARD_SOON).not.toBe(adaNext);

    const statements = await statementsDuring(async () => {
      const cancelled = await a.app.inject({
        method: 'POST',
        url: `/api/bookings/${bookingId}/cancel`,
        headers: { cookie: mentee.cookie },
        payload: { reason: 'Plans changed' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });
    await expect.poll(() => nextOf(), HEARD_SOON).toBe(adaNext);
    // The cancellation's update sent the notification: no statement of its own.
    expect(
      statements.filter(({ text }) => text.startsWith('select pg_notify')).map(({ text }) => text),
    ).toEqual([]);
  });

  it("keeps, on the other, a page whose next free hour a booking far later cannot change, and drops the mentor's hours", async () => {
    const ada = await setUp();
    const [mentee, someoneElse] = [await newPerson(), await newPerson()];
    await bothListening();
    const nextOf = () => nextFreeHourOnB(ada.url);
    const adaNext = await nextOf();
    expect(adaNext).toBeDefined();
    const hoursUrl = freeHoursUrl(ada.mentorId);
    const hours = (await get(b, hoursUrl)).json<{ slots: Array<{ startTime: string }> }>().slots;
    const far = hours.find((slot) => Date.parse(slot.startTime) >= Date.parse(adaNext!) + BOOKING_REACH_MS);
    expect(far).toBeDefined();

    // Her next hour taken straight in the database, which nobody hears: a page read again would show a later one.
    await takeUnheard(ada.mentorId, someoneElse.id, adaNext!);
    const held = await holdThroughA(mentee, ada.mentorId, far!.startTime);
    expect(held.statusCode, held.body).toBe(201);
    // `b` hears the hold: her free hours, which show that hour, go; her page, whose next hour it cannot change, stays.
    await expect
      .poll(
        async () => (await get(b, hoursUrl)).json<{ slots: Array<{ startTime: string }> }>().slots.length,
        HEARD_SOON,
      )
      .toBeLessThan(hours.length);
    expect(await nextOf()).toBe(adaNext);
  });
});
