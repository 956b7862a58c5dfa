import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityMessages,
  availabilitySchema,
  emptyWeeklySchedule,
  type AvailabilityBodyInput,
  type WeeklySchedule,
} from '@skillroute/shared/availability';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { mentorMessages } from '@skillroute/shared/mentors';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createSignedInUser, signIn, TEST_PASSWORD, type SignedIn } from '../../../test/sockets';
import { mentorAvailability, mentorProfiles } from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// The services' clock: the real time, unless a test pins it (only around public calls, since sessions read it too).
let pinnedMs: number | undefined;
const clock = { now: () => new Date(pinnedMs ?? Date.now()) };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
afterEach(() => {
  pinnedMs = undefined;
});

let people = 0;
const nextEmail = () => `avail${++people}@example.org`;

/** A verified mentor: role mentor and a profile row, as passing a test leaves them. */
async function insertMentor(email: string, options: { blocked?: boolean } = {}): Promise<string> {
  const user = await createUser(t.app.db, {
    email,
    password: TEST_PASSWORD,
    role: 'mentor',
    blocked: options.blocked,
  });
  await t.app.db.insert(mentorProfiles).values({
    userId: user.id,
    headline: 'Senior engineer, ten years of React',
    bio: 'I have built and run web products for a decade and like to teach what I learned along the way.',
    expirience: 10,
    languages: ['English'],
    linkedinUrl: 'https://www.linkedin.com/in/someone',
    githubUrl: 'https://github.com/someone',
  });
  return user.id;
}

/** A mentor, signed in. */
async function newMentor(): Promise<SignedIn> {
  const email = nextEmail();
  await insertMentor(email);
  return signIn(t.app, email);
}

const call = (who: SignedIn | undefined, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who === undefined ? {} : { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const slot = (startTime: string, endTime: string) => ({ startTime, endTime });
/** The week with Monday 10:00–17:00 and the rest off. */
const mondayWeek = (): WeeklySchedule => ({
  ...emptyWeeklySchedule(),
  monday: {
    isAvailable: true,
    timeSlots: [
      slot('10:00 AM', '11:00 AM'),
      slot('11:00 AM', '12:00 PM'),
      slot('12:00 PM', '1:00 PM'),
      slot('1:00 PM', '2:00 PM'),
      slot('2:00 PM', '3:00 PM'),
      slot('3:00 PM', '4:00 PM'),
      slot('4:00 PM', '5:00 PM'),
    ],
  },
});

const bodyFor = (who: SignedIn, change: Partial<AvailabilityBodyInput> = {}): AvailabilityBodyInput => ({
  mentorId: who.id,
  weeklySchedule: mondayWeek(),
  pricePerSession: 500,
  ...change,
});

/** The date `days` after today in UTC, as YYYY-MM-DD (today in Asia/Kolkata is the same or one later). */
const utcDate = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function expectRefusal(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  item: { message?: string; field?: string },
): Promise<void> {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors).toContainEqual(expect.objectContaining(item));
}

describe('reading availability', () => {
  it('answers defaults before the mentor saved anything, uncached', async () => {
    const mentor = await newMentor();
    const response = await call(undefined, 'GET', `/api/mentors/availability/${mentor.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      mentorId: mentor.id,
      weeklySchedule: emptyWeeklySchedule(),
      pricePerSession: null,
      timezone: 'Asia/Kolkata',
      overrides: [],
    });
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('is 404 for an unknown id, someone who is not a mentor and a blocked mentor', async () => {
    const learner = await createSignedInUser(t, nextEmail());
    const blocked = await insertMentor(nextEmail(), { blocked: true });
    pinnedMs = Date.parse('2026-11-30T05:00:00Z');
    for (const id of ['00000000-0000-4000-8000-000000000000', learner.id, blocked]) {
      await expectRefusal(await call(undefined, 'GET', `/api/mentors/availability/${id}`), 404, {
        message: mentorMessages.mentorNotFound,
      });
      await expectRefusal(
        await call(undefined, 'GET', `/api/mentors/availability/${id}/slots?from=2026-12-01&to=2026-12-02`),
        404,
        { message: mentorMessages.mentorNotFound },
      );
    }
  });

  it('refuses an id that is not an id with 400, not 500', async () => {
    const id = encodeURIComponent("1' or 1=1");
    await expectRefusal(await call(undefined, 'GET', `/api/mentors/availability/${id}`), 400, {
      field: 'mentorId',
    });
    await expectRefusal(
      await call(undefined, 'GET', `/api/mentors/availability/${id}/slots?from=2026-12-01&to=2026-12-02`),
      400,
      { field: 'mentorId' },
    );
  });
});

describe('saving availability', () => {
  it('round-trips the week in h:mm AM/PM, the rate in rupees (paise in the database) and Asia/Calcutta as Asia/Kolkata', async () => {
    const mentor = await newMentor();
    const week: WeeklySchedule = {
      ...mondayWeek(),
      wednesday: { isAvailable: true, timeSlots: [slot('4:00 PM', '5:00 PM'), slot('11:00 AM', '12:00 PM')] },
    };
    const saved = await call(
      mentor,
      'PUT',
      '/api/mentors/availability',
      bodyFor(mentor, { weeklySchedule: week, pricePerSession: 1500, timezone: 'Asia/Calcutta' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      mentorId: mentor.id,
      // Hours come back in order.
      weeklySchedule: {
        ...week,
        wednesday: {
          isAvailable: true,
          timeSlots: [slot('11:00 AM', '12:00 PM'), slot('4:00 PM', '5:00 PM')],
        },
      },
      pricePerSession: 1500,
      timezone: 'Asia/Kolkata',
      overrides: [],
    };
    expect(saved.json()).toEqual({ ...expected, message: availabilityMessages.savedDescription });

    const read = await call(undefined, 'GET', `/api/mentors/availability/${mentor.id}`);
    expect(read.statusCode).toBe(200);
    expect(availabilitySchema.parse(read.json())).toEqual(expected);

    const [row] = await t.app.db
      .select()
      .from(mentorAvailability)
      .where(eq(mentorAvailability.userId, mentor.id));
    expect(row).toMatchObject({
      pricePerSession: 150000,
      timezone: 'Asia/Kolkata',
      weeklyHours: { monday: [10, 11, 12, 13, 14, 15, 16], wednesday: [11, 16] },
      overrides: [],
      hasHours: true,
    });
  });

  it('keeps the stored zone when none is sent, overwrites in place, and records whether any hour is offered', async () => {
    const mentor = await newMentor();
    expect(
      (
        await call(
          mentor,
          'PUT',
          '/api/mentors/availability',
          bodyFor(mentor, { timezone: 'America/New_York' }),
        )
      ).statusCode,
    ).toBe(200);
    const saved = await call(
      mentor,
      'PUT',
      '/api/mentors/availability',
      bodyFor(mentor, { weeklySchedule: emptyWeeklySchedule(), pricePerSession: 100 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      timezone: 'America/New_York',
      pricePerSession: 100,
      weeklySchedule: emptyWeeklySchedule(),
    });
    const rows = await t.app.db
      .select()
      .from(mentorAvailability)
      .where(eq(mentorAvailability.userId, mentor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hasHours: false, pricePerSession: 10000 });

    // An override with hours is an offer too.
    const withOverride = await call(
      mentor,
      'PUT',
      '/api/mentors/availability',
      bodyFor(mentor, {
        weeklySchedule: emptyWeeklySchedule(),
        overrides: [{ date: utcDate(5), isAvailable: true, timeSlots: [slot('10:00 AM', '11:00 AM')] }],
      }),
    );
    expect(withOverride.statusCode, withOverride.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(mentorAvailability)
      .where(eq(mentorAvailability.userId, mentor.id));
    expect(row).toMatchObject({ hasHours: true, overrides: [{ date: utcDate(5), hours: [10] }] });
  });

  it('shows overrides from today on in the mentor zone, sorted, and drops the passed ones', async () => {
    const mentor = await newMentor();
    const overrides = [
      { date: utcDate(10), isAvailable: false, timeSlots: [] },
      { date: utcDate(3), isAvailable: true, timeSlots: [slot('2:00 PM', '3:00 PM')] },
    ];
    const saved = await call(
      mentor,
      'PUT',
      '/api/mentors/availability',
      bodyFor(mentor, { timezone: 'UTC', overrides }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ overrides: unknown[] }>().overrides).toEqual([overrides[1], overrides[0]]);
    pinnedMs = Date.now() + 5 * DAY_MS;
    const later = await call(undefined, 'GET', `/api/mentors/availability/${mentor.id}`);
    expect(later.json<{ overrides: unknown[] }>().overrides).toEqual([overrides[0]]);
  });

  it('refuses someone else’s availability, a non-mentor and a signed-out caller', async () => {
    const mentor = await newMentor();
    const other = await newMentor();
    await expectRefusal(await call(other, 'PUT', '/api/mentors/availability', bodyFor(mentor)), 403, {
      message: availabilityMessages.notYourAvailability,
    });
    const learner = await createSignedInUser(t, nextEmail());
    await expectRefusal(await call(learner, 'PUT', '/api/mentors/availability', bodyFor(learner)), 403, {
      message: availabilityMessages.notAMentor,
    });
    expect((await call(undefined, 'PUT', '/api/mentors/availability', bodyFor(mentor))).statusCode).toBe(401);
    expect(
      await t.app.db.select().from(mentorAvailability).where(eq(mentorAvailability.userId, mentor.id)),
    ).toEqual([]);
  });

  describe('refuses with the field at fault', () => {
    let mentor: SignedIn;
    beforeAll(async () => {
      mentor = await newMentor();
    });
    const put = (change: Record<string, unknown>) =>
      call(mentor, 'PUT', '/api/mentors/availability', { ...bodyFor(mentor), ...change });
    const withMonday = (day: unknown) => put({ weeklySchedule: { ...mondayWeek(), monday: day } });
    const withSlot = (startTime: string, endTime: string) =>
      withMonday({ isAvailable: true, timeSlots: [slot(startTime, endTime)] });

    it.each([99, 150, 0, '100', 2_000_000, 100_000_000])('a rate of %j', async (pricePerSession) => {
      await expectRefusal(await put({ pricePerSession }), 400, { field: 'pricePerSession' });
    });

    it('a missing rate', async () => {
      const { pricePerSession: _missing, ...body } = bodyFor(mentor);
      await expectRefusal(await call(mentor, 'PUT', '/api/mentors/availability', body), 400, {
        field: 'pricePerSession',
      });
    });

    it('a slot starting at 9:00 AM or 5:00 PM', async () => {
      const field = 'weeklySchedule.monday.timeSlots.0.startTime';
      await expectRefusal(await withSlot('9:00 AM', '10:00 AM'), 400, {
        message: availabilityMessages.slotOutsideHours,
        field,
      });
      await expectRefusal(await withSlot('5:00 PM', '6:00 PM'), 400, {
        message: availabilityMessages.slotOutsideHours,
        field,
      });
    });

    it('a two-hour slot', async () => {
      await expectRefusal(await withSlot('10:00 AM', '12:00 PM'), 400, {
        message: availabilityMessages.slotOneHour,
        field: 'weeklySchedule.monday.timeSlots.0.endTime',
      });
    });

    it('a time off the hour', async () => {
      await expectRefusal(await withSlot('10:30 AM', '11:00 AM'), 400, {
        message: availabilityMessages.timeFormat,
        field: 'weeklySchedule.monday.timeSlots.0.startTime',
      });
    });

    it('an hour listed twice', async () => {
      await expectRefusal(
        await withMonday({
          isAvailable: true,
          timeSlots: [slot('10:00 AM', '11:00 AM'), slot('10:00 AM', '11:00 AM')],
        }),
        400,
        {
          message: availabilityMessages.slotTwice,
          field: 'weeklySchedule.monday.timeSlots',
        },
      );
    });

    it('an available day without hours and an unavailable day with hours', async () => {
      await expectRefusal(await withMonday({ isAvailable: true, timeSlots: [] }), 400, {
        message: availabilityMessages.availableDayNeedsSlots,
        field: 'weeklySchedule.monday.timeSlots',
      });
      await expectRefusal(
        await withMonday({ isAvailable: false, timeSlots: [slot('10:00 AM', '11:00 AM')] }),
        400,
        {
          message: availabilityMessages.unavailableDayHasSlots,
          field: 'weeklySchedule.monday.timeSlots',
        },
      );
    });

    it('a weekday missing and a saturday', async () => {
      const { friday: _missing, ...fourDays } = mondayWeek();
      await expectRefusal(await put({ weeklySchedule: fourDays }), 400, { field: 'weeklySchedule.friday' });
      await expectRefusal(
        await put({ weeklySchedule: { ...mondayWeek(), saturday: { isAvailable: false, timeSlots: [] } } }),
        400,
        { field: 'weeklySchedule' },
      );
    });

    it.each(['Mars/Base', '+05:30'])('the zone %s', async (timezone) => {
      await expectRefusal(await put({ timezone }), 400, {
        message: availabilityMessages.timezoneUnknown,
        field: 'timezone',
      });
    });

    it('an override for a day that has passed, or further ahead than bookings reach (180 days)', async () => {
      const dayOff = (date: string) => ({ date, isAvailable: false, timeSlots: [] });
      await expectRefusal(
        await put({ timezone: 'UTC', overrides: [dayOff(utcDate(5)), dayOff(utcDate(-1))] }),
        400,
        { message: availabilityMessages.overridePast, field: 'overrides.1.date' },
      );
      await expectRefusal(await put({ timezone: 'UTC', overrides: [dayOff(utcDate(181))] }), 400, {
        message: availabilityMessages.overrideTooFar,
        field: 'overrides.0.date',
      });
      // Today, and every day a booking can reach, a day off included.
      const edges = await put({
        timezone: 'UTC',
        overrides: [dayOff(utcDate(0)), dayOff(utcDate(61)), dayOff(utcDate(180))],
      });
      expect(edges.statusCode, edges.body).toBe(200);
    });

    it('the same date twice, 61 overrides, and a date that is no date', async () => {
      const dayOff = (date: string) => ({ date, isAvailable: false, timeSlots: [] });
      await expectRefusal(await put({ overrides: [dayOff(utcDate(3)), dayOff(utcDate(3))] }), 400, {
        message: availabilityMessages.overrideTwice,
        field: 'overrides',
      });
      const many = Array.from({ length: 61 }, (_, index) => dayOff(utcDate(index + 1)));
      await expectRefusal(await put({ overrides: many }), 400, {
        message: availabilityMessages.overridesMax,
        field: 'overrides',
      });
      await expectRefusal(await put({ overrides: [dayOff('2026-02-30')] }), 400, {
        message: availabilityMessages.dateFormat,
        field: 'overrides.0.date',
      });
    });
  });
});

describe('free slots', () => {
  // Monday 30 November 2026, 10:30 in Kolkata (UTC+5:30).
  const MONDAY_1030_IST = Date.parse('2026-11-30T05:00:00Z');

  async function mentorWithMondays(change: Partial<AvailabilityBodyInput> = {}): Promise<SignedIn> {
    const mentor = await newMentor();
    const saved = await call(
      mentor,
      'PUT',
      '/api/mentors/availability',
      bodyFor(mentor, { timezone: 'Asia/Kolkata', ...change }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return mentor;
  }
  const slotsOf = (mentorId: string, from: string, to: string) =>
    call(
      undefined,
      'GET',
      `/api/mentors/availability/${mentorId}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
  const utcHours = (date: string, hoursAndMinutes: string[]) =>
    hoursAndMinutes.map((hm) => ({
      startTime: `${date}T${hm}:00.000Z`,
      endTime: new Date(Date.parse(`${date}T${hm}:00Z`) + HOUR_MS).toISOString(),
    }));

  it('are the Monday hours in Kolkata as UTC instants, without the next two hours', async () => {
    const mentor = await mentorWithMondays();
    pinnedMs = MONDAY_1030_IST;
    const response = await slotsOf(mentor.id, '2026-11-30', '2026-12-08');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      timezone: 'Asia/Kolkata',
      slots: [
        // 10:00–12:00 IST are past or within the notice; 12:00 IST (06:30Z) starts 1.5 hours from now.
        ...utcHours('2026-11-30', ['07:30', '08:30', '09:30', '10:30']),
        ...utcHours('2026-12-07', ['04:30', '05:30', '06:30', '07:30', '08:30', '09:30', '10:30']),
      ],
    });
  });

  it('follow the overrides: a day off, and other hours on a Tuesday', async () => {
    const mentor = await mentorWithMondays({ timezone: 'Asia/Kolkata' });
    // The overrides must lie ahead of the real today; the slots are read from a clock pinned a week before them.
    const monday = nextUtcMonday(14);
    const tuesday = new Date(Date.parse(monday) + DAY_MS).toISOString().slice(0, 10);
    const overrides = [
      { date: monday, isAvailable: false, timeSlots: [] },
      { date: tuesday, isAvailable: true, timeSlots: [slot('3:00 PM', '4:00 PM')] },
    ];
    expect(
      (await call(mentor, 'PUT', '/api/mentors/availability', bodyFor(mentor, { overrides }))).statusCode,
    ).toBe(200);
    pinnedMs = Date.parse(monday) - 7 * DAY_MS;
    const response = await slotsOf(
      mentor.id,
      monday,
      new Date(Date.parse(monday) + 2 * DAY_MS).toISOString(),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ slots: unknown[] }>().slots).toEqual(utcHours(tuesday, ['09:30']));
  });

  it('are none for a mentor who never saved', async () => {
    const mentor = await newMentor();
    pinnedMs = MONDAY_1030_IST;
    const response = await slotsOf(mentor.id, '2026-12-01', '2026-12-02');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ timezone: 'Asia/Kolkata', slots: [] });
  });

  it('refuses a window that is too long, reversed, beyond the horizon, or not an instant', async () => {
    const mentor = await mentorWithMondays();
    pinnedMs = MONDAY_1030_IST;
    await expectRefusal(await slotsOf(mentor.id, '2026-12-01', '2027-01-31'), 400, {
      message: availabilityMessages.windowTooLong,
      field: 'to',
    });
    await expectRefusal(await slotsOf(mentor.id, '2026-12-02T00:00:00Z', '2026-12-01T00:00:00+05:30'), 400, {
      message: availabilityMessages.windowReversed,
      field: 'to',
    });
    await expectRefusal(await slotsOf(mentor.id, '2027-05-30', '2027-06-01'), 400, {
      message: availabilityMessages.windowBeyondHorizon,
      field: 'to',
    });
    await expectRefusal(await slotsOf(mentor.id, 'tomorrow', '2026-12-02'), 400, {
      message: availabilityMessages.instantFormat,
      field: 'from',
    });
    await expectRefusal(await slotsOf(mentor.id, '2026-12-01', '2026-12-02T25:00:00Z'), 400, {
      message: availabilityMessages.instantFormat,
      field: 'to',
    });
    expect(
      (await call(undefined, 'GET', `/api/mentors/availability/${mentor.id}/slots?from=2026-12-01`))
        .statusCode,
    ).toBe(400);
    // Dates that do not exist, and years outside 2000-2100, are no instants (they answered 500 before).
    await expectRefusal(await slotsOf(mentor.id, '0000-01-01', '0000-02-01'), 400, {
      message: availabilityMessages.instantFormat,
      field: 'from',
    });
    await expectRefusal(await slotsOf(mentor.id, '2027-02-30', '2027-03-02'), 400, {
      message: availabilityMessages.instantFormat,
      field: 'from',
    });
  });
});

/** The first Monday at least `days` days after today (UTC), as YYYY-MM-DD. */
function nextUtcMonday(days: number): string {
  const date = new Date(Date.now() + days * DAY_MS);
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
