import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingSettingsMessages,
  bookingSettingsResponseSchema,
  DEFAULT_BOOKING_SETTINGS,
  type BookingSettings,
} from '@skillroute/shared/booking-settings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { mondayAhead } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import type { UserRow } from '../../db/schema';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const MONDAY = mondayAhead();
const at = (days: number, hour: number, minute = 0) =>
  new Date(MONDAY + days * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS);

// The services' clock, pinned: Monday 06:00 UTC unless a test moves it.
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };

const TEN_TO_SIXTEEN = [10, 11, 12, 13, 14, 15, 16];
const WEEK = {
  monday: TEN_TO_SIXTEEN,
  tuesday: TEN_TO_SIXTEEN,
  wednesday: TEN_TO_SIXTEEN,
  thursday: TEN_TO_SIXTEEN,
  friday: TEN_TO_SIXTEEN,
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());
beforeEach(() => {
  nowMs = at(0, 6).getTime();
});

const signedIn = (user: Pick<UserRow, 'id' | 'email' | 'role'>) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());

const newUser = async (): Promise<SignedInPerson> =>
  signedIn(await createUser(t.app.db, { email: `learner-${randomUUID()}@example.org` }));

/** A mentor every weekday 10:00–17:00 in `timezone` (UTC unless told). */
async function newMentor(timezone = 'UTC'): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, { availability: { timezone, weeklyHours: WEEK } });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

const request = (
  who: SignedInPerson | undefined,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who === undefined ? {} : { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const SETTINGS_URL = '/api/mentors/booking-settings';

async function saveSettings(
  mentor: SignedInPerson,
  change: Partial<BookingSettings>,
): Promise<BookingSettings> {
  const response = await request(mentor, 'PUT', SETTINGS_URL, { ...DEFAULT_BOOKING_SETTINGS, ...change });
  expect(response.statusCode, response.body).toBe(200);
  return bookingSettingsResponseSchema.parse(response.json()) as BookingSettings;
}

/** The free slots' starts in [from, to) as the public route answers (through its cache). */
async function slotStarts(mentorId: string, from: Date, to: Date): Promise<string[]> {
  const response = await request(
    undefined,
    'GET',
    `/api/mentors/availability/${mentorId}/slots?from=${from.toISOString()}&to=${to.toISOString()}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ slots: { startTime: string }[] }>().slots.map((slot) => slot.startTime);
}

const book = (mentee: SignedInPerson, mentor: SignedInPerson, start: Date) =>
  request(mentee, 'POST', '/api/bookings', { mentorId: mentor.id, startTime: start.toISOString() });

async function booked(mentee: SignedInPerson, mentor: SignedInPerson, start: Date): Promise<void> {
  const response = await book(mentee, mentor, start);
  expect(response.statusCode, response.body).toBe(201);
}

function expectRefusal(
  response: Awaited<ReturnType<typeof request>>,
  status: number,
  message?: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
}

const iso = (date: Date) => date.toISOString();

describe('GET and PUT /api/mentors/booking-settings', () => {
  it('gives a mentor the defaults until they save, then what they saved', async () => {
    const mentor = await newMentor();
    const first = await request(mentor, 'GET', SETTINGS_URL);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ minimumNoticeHours: 2, bufferMinutes: 0, maxSessionsPerDay: 8 });
    const chosen = { minimumNoticeHours: 72, bufferMinutes: 60 as const, maxSessionsPerDay: 1 };
    expect(await saveSettings(mentor, chosen)).toEqual(chosen);
    expect((await request(mentor, 'GET', SETTINGS_URL)).json()).toEqual(chosen);
    const again = { minimumNoticeHours: 1, bufferMinutes: 15 as const, maxSessionsPerDay: 8 };
    expect(await saveSettings(mentor, again)).toEqual(again);
    expect((await request(mentor, 'GET', SETTINGS_URL)).json()).toEqual(again);
  });

  it('is 401 signed out and 403 for someone who is not a mentor', async () => {
    expectRefusal(await request(undefined, 'GET', SETTINGS_URL), 401);
    expectRefusal(await request(undefined, 'PUT', SETTINGS_URL, DEFAULT_BOOKING_SETTINGS), 401);
    const learner = await newUser();
    expectRefusal(await request(learner, 'GET', SETTINGS_URL), 403, bookingSettingsMessages.notAMentor);
    expectRefusal(
      await request(learner, 'PUT', SETTINGS_URL, DEFAULT_BOOKING_SETTINGS),
      403,
      bookingSettingsMessages.notAMentor,
    );
  });

  it('is 400 with the rule in words for each bad value, and keeps what was saved', async () => {
    const mentor = await newMentor();
    const cases: [Record<string, unknown>, string][] = [
      [{ minimumNoticeHours: 0 }, bookingSettingsMessages.minimumNotice],
      [{ minimumNoticeHours: 73 }, bookingSettingsMessages.minimumNotice],
      [{ minimumNoticeHours: 2.5 }, bookingSettingsMessages.minimumNotice],
      [{ minimumNoticeHours: '2' }, bookingSettingsMessages.minimumNotice],
      [{ bufferMinutes: 10 }, bookingSettingsMessages.buffer],
      [{ bufferMinutes: -15 }, bookingSettingsMessages.buffer],
      [{ bufferMinutes: null }, bookingSettingsMessages.buffer],
      [{ maxSessionsPerDay: 0 }, bookingSettingsMessages.maxSessionsPerDay],
      [{ maxSessionsPerDay: 9 }, bookingSettingsMessages.maxSessionsPerDay],
      [{ maxSessionsPerDay: undefined }, bookingSettingsMessages.maxSessionsPerDay],
    ];
    for (const [change, message] of cases) {
      const response = await request(mentor, 'PUT', SETTINGS_URL, { ...DEFAULT_BOOKING_SETTINGS, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json<ErrorEnvelope>().errors.map((error) => error.message)).toContain(message);
    }
    expectRefusal(await request(mentor, 'PUT', SETTINGS_URL, { ...DEFAULT_BOOKING_SETTINGS, extra: 1 }), 400);
    expectRefusal(await request(mentor, 'PUT', SETTINGS_URL, [1, 2]), 400);
    expect((await request(mentor, 'GET', SETTINGS_URL)).json()).toEqual(DEFAULT_BOOKING_SETTINGS);
  });
});

describe('free slots and new bookings honour the settings', () => {
  it('minimum notice: the slots start later at once, and a booking inside the notice is 409', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    // Monday 06:00: with the default 2 hours, 10:00 is the first slot.
    expect((await slotStarts(mentor.id, at(0, 6), at(1, 0)))[0]).toBe(iso(at(0, 10)));
    await saveSettings(mentor, { minimumNoticeHours: 5 });
    // 11:00 is exactly 5 hours away: offered; 10:00 is not.
    expect((await slotStarts(mentor.id, at(0, 6), at(1, 0)))[0]).toBe(iso(at(0, 11)));
    expectRefusal(await book(mentee, mentor, at(0, 10)), 409, bookingSettingsMessages.tooSoon(5));
    // A second past 06:00, 11:00 is a second inside the notice.
    nowMs = at(0, 6).getTime() + 1000;
    expectRefusal(await book(mentee, mentor, at(0, 11)), 409, bookingSettingsMessages.tooSoon(5));
    nowMs = at(0, 6).getTime();
    await booked(mentee, mentor, at(0, 11));
  });

  it('buffer: the hours next to a booking leave the slots, and booking one is 409', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const other = await newUser();
    // One unpaid hold per mentee and mentor: each booking below is someone else's.
    await booked(mentee, mentor, at(1, 12));
    const tuesday = () => slotStarts(mentor.id, at(1, 0), at(2, 0));
    expect(await tuesday()).toEqual([10, 11, 13, 14, 15, 16].map((hour) => iso(at(1, hour))));
    await saveSettings(mentor, { bufferMinutes: 30 });
    expect(await tuesday()).toEqual([10, 14, 15, 16].map((hour) => iso(at(1, hour))));
    expectRefusal(await book(other, mentor, at(1, 13)), 409, bookingSettingsMessages.withinBuffer(30));
    expectRefusal(await book(other, mentor, at(1, 11)), 409, bookingSettingsMessages.withinBuffer(30));
    await booked(other, mentor, at(1, 14));
    // Without the buffer again, sessions may touch.
    await saveSettings(mentor, { bufferMinutes: 0 });
    await booked(await newUser(), mentor, at(1, 13));
  });

  it('sessions per day: the Nth booking of a day is taken, then the day leaves the slots and the N+1th is 409', async () => {
    const mentor = await newMentor('Asia/Kolkata');
    await saveSettings(mentor, { maxSessionsPerDay: 2 });
    // Tuesday in Kolkata is 04:30–11:30 UTC for these hours: 10:00 IST = 04:30 UTC.
    const ist = (days: number, hour: number) => at(days, hour - 5, -30);
    const tuesday = () => slotStarts(mentor.id, at(1, 0), at(2, 0));
    await booked(await newUser(), mentor, ist(1, 10));
    expect(await tuesday()).toHaveLength(6);
    await booked(await newUser(), mentor, ist(1, 12));
    expect(await tuesday()).toEqual([]);
    const response = await book(await newUser(), mentor, ist(1, 16));
    expectRefusal(response, 409, bookingSettingsMessages.dayFull(2));
    // Wednesday is another day.
    expect(await slotStarts(mentor.id, at(2, 0), at(3, 0))).toHaveLength(7);
    // A higher limit opens Tuesday again at once.
    await saveSettings(mentor, { maxSessionsPerDay: 3 });
    expect(await tuesday()).toHaveLength(5);
    await booked(await newUser(), mentor, ist(1, 16));
  });

  it("the listing's next free slot honours them too, at once", async () => {
    const mentor = await newMentor();
    const listed = async () => {
      const response = await request(undefined, 'GET', '/api/mentor/all?limit=50');
      expect(response.statusCode, response.body).toBe(200);
      const cards = response.json<{ mentors: { id: string; nextFreeSlot: { startTime: string } | null }[] }>()
        .mentors;
      return cards.find((card) => card.id === mentor.id)?.nextFreeSlot?.startTime;
    };
    expect(await listed()).toBe(iso(at(0, 10)));
    await saveSettings(mentor, { minimumNoticeHours: 5 });
    expect(await listed()).toBe(iso(at(0, 11)));
    await saveSettings(mentor, { minimumNoticeHours: 5, maxSessionsPerDay: 1, bufferMinutes: 60 });
    await booked(await newUser(), mentor, at(0, 11));
    // Monday is full; Tuesday 10:00 is free (the buffer reaches only Monday 12:00).
    const until = Date.now() + 3000;
    while ((await listed()) !== iso(at(1, 10)) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await listed()).toBe(iso(at(1, 10)));
  });

  it('a cached answer lasts only until its first slot is inside the mentor’s own notice', async () => {
    const mentor = await newMentor();
    await saveSettings(mentor, { minimumNoticeHours: 3 });
    const listed = async () => {
      const response = await request(undefined, 'GET', '/api/mentor/all?limit=50');
      const cards = response.json<{ mentors: { id: string; nextFreeSlot: { startTime: string } | null }[] }>()
        .mentors;
      return cards.find((card) => card.id === mentor.id)?.nextFreeSlot?.startTime;
    };
    const first = async () => (await slotStarts(mentor.id, at(0, 6), at(1, 0)))[0];
    // 06:59:30: 10:00 is 3 hours and 30 seconds away, and both answers are kept (for a minute at most).
    nowMs = at(0, 6, 59).getTime() + 30_000;
    expect(await listed()).toBe(iso(at(0, 10)));
    expect(await first()).toBe(iso(at(0, 10)));
    // A second past 07:00, well inside the minute, 10:00 is inside the notice: neither answer is served again.
    nowMs = at(0, 7).getTime() + 1000;
    expect(await listed()).toBe(iso(at(0, 11)));
    expect(await first()).toBe(iso(at(0, 11)));
  });
});
