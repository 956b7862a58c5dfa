import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingResponseSchema, waitlistMessages } from '@skillroute/shared/bookings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { mentorMessages } from '@skillroute/shared/mentors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { mondayAhead } from '../../../test/clock';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, type RecordingMailer } from '../../../test/mail';
import { createMentor } from '../../../test/mentors';
import { mentorWaitlist, notifications, type UserRow } from '../../db/schema';
import { within } from '../../context/service-context';
import { sweepLapsedHolds } from '../bookings/jobs';
import { announceFreedSlot } from './service';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// Holds made at the pinned times expire by the test's hand (sweepLapsedHolds), never by the minute's schedule.
const MONDAY = mondayAhead();
const at = (days: number, hour: number) => new Date(MONDAY + days * DAY_MS + hour * HOUR_MS);

// The services' clock, pinned: Monday 06:00 UTC unless a test moves it.
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };

const EVERY_HOUR = [10, 11, 12, 13, 14, 15, 16];
const WEEK = {
  monday: EVERY_HOUR,
  tuesday: EVERY_HOUR,
  wednesday: EVERY_HOUR,
  thursday: EVERY_HOUR,
  friday: EVERY_HOUR,
};

let t: TestApp;
let mailer: RecordingMailer;
beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({ clock, mailer, env: { RATE_LIMIT_MAX: '1000000' } });
});
afterAll(() => t.close());
beforeEach(() => {
  nowMs = at(0, 6).getTime();
});

const signedIn = (user: Pick<UserRow, 'id' | 'email' | 'role'>) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());

const newUser = async (name = 'Wait Tester') =>
  signedIn(await createUser(t.app.db, { email: `waiter-${randomUUID()}@example.org`, name }));

async function newMentor(seed: Parameters<typeof createMentor>[1] = {}): Promise<SignedInPerson> {
  const email = `mentor-${randomUUID()}@example.org`;
  const id = await createMentor(t.app.db, {
    email,
    name: 'Asha Rao',
    availability: { timezone: 'UTC', weeklyHours: WEEK },
    ...seed,
  });
  return signedIn({ id, email, role: 'mentor' });
}

const waitlist = (method: 'GET' | 'POST' | 'DELETE', who: SignedInPerson | undefined, mentorId: string) =>
  t.app.inject({
    method,
    url: `/api/mentors/${mentorId}/waitlist`,
    headers: who === undefined ? {} : { cookie: who.cookie },
  });

const slotAlerts = async (userIds: string[]) =>
  t.app.db
    .select({ userId: notifications.userId, message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.type, 'slot_available')));

async function hold(mentee: SignedInPerson, mentorId: string, startTime: Date): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: mentee.cookie },
    payload: { mentorId, startTime: startTime.toISOString() },
  });
  expect(response.statusCode, response.body).toBe(201);
  return bookingResponseSchema.parse(response.json()).booking.id;
}

describe('joining, reading and leaving a waitlist', () => {
  it('joins (201), joins again without a change (200), reads it, leaves, and leaves again', async () => {
    const mentor = await newMentor();
    const ada = await newUser();

    expect((await waitlist('GET', ada, mentor.id)).json()).toEqual({ waiting: false });
    const joined = await waitlist('POST', ada, mentor.id);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({ waiting: true });
    const again = await waitlist('POST', ada, mentor.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ waiting: true });
    expect(
      await t.app.db.select().from(mentorWaitlist).where(eq(mentorWaitlist.mentorId, mentor.id)),
    ).toHaveLength(1);
    expect((await waitlist('GET', ada, mentor.id)).json()).toEqual({ waiting: true });

    const left = await waitlist('DELETE', ada, mentor.id);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ waiting: false });
    expect((await waitlist('GET', ada, mentor.id)).json()).toEqual({ waiting: false });
    expect((await waitlist('DELETE', ada, mentor.id)).json()).toEqual({ waiting: false });
  });

  it('refuses a visitor who is not signed in (401)', async () => {
    const mentor = await newMentor();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await waitlist(method, undefined, mentor.id);
      expect(response.statusCode, method).toBe(401);
      expect(response.json<ErrorEnvelope>().errors.length).toBeGreaterThan(0);
    }
  });

  it('answers 404 for an unknown id, someone who is not a mentor and a blocked mentor, and 400 for a malformed id', async () => {
    const ada = await newUser();
    const plainUser = await newUser();
    const blocked = await newMentor({ blocked: true });
    for (const id of [randomUUID(), plainUser.id, blocked.id]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await waitlist(method, ada, id);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json<ErrorEnvelope>().message).toBe(mentorMessages.mentorNotFound);
      }
    }
    const malformed = await waitlist('POST', ada, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorEnvelope>().errors[0]?.message).toBe(mentorMessages.mentorNotFound);
    expect(await t.app.db.select().from(mentorWaitlist).where(eq(mentorWaitlist.userId, ada.id))).toEqual([]);
  });

  it('refuses a mentor waiting for their own slots (403)', async () => {
    const mentor = await newMentor();
    const response = await waitlist('POST', mentor, mentor.id);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorEnvelope>().message).toBe(waitlistMessages.notOnYourself);
    expect((await waitlist('GET', mentor, mentor.id)).json()).toEqual({ waiting: false });
  });
});

describe('a freed slot', () => {
  it('a lapsed hold notifies each waiting person once, live row and mail, and keeps them waiting; not the mentor, not those who left', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const ada = await newUser('Ada');
    const bob = await newUser('Bob');
    const cleo = await newUser('Cleo');
    for (const person of [ada, bob, cleo])
      expect((await waitlist('POST', person, mentor.id)).statusCode).toBe(201);
    await waitlist('DELETE', cleo, mentor.id);
    await hold(mentee, mentor.id, at(1, 10));
    const mailsBefore = mailer.sent.length;

    // Before the lapse the sweep passes it by: nothing is freed, nobody hears.
    await sweepLapsedHolds(t.app.services);
    expect(await slotAlerts([ada.id, bob.id, cleo.id, mentor.id, mentee.id])).toEqual([]);

    nowMs += 16 * MINUTE_MS;
    await sweepLapsedHolds(t.app.services);
    // A second sweep (another process's) frees the slot once.
    await sweepLapsedHolds(t.app.services);

    const alerts = await slotAlerts([ada.id, bob.id, cleo.id, mentor.id, mentee.id]);
    expect(alerts.map((alert) => alert.userId).sort()).toEqual([ada.id, bob.id].sort());
    for (const alert of alerts) {
      // Two weeks of weekdays, 10:00 to 17:00: the freed hour is free again, and so are all the others.
      expect(alert.message).toBe(
        'A slot with Asha Rao freed up: 70 slots are free in the next 14 days. Book before someone else does.',
      );
      expect(alert.link).toBe(`/mentor-profile/${mentor.id}`);
    }
    const mail = await mailer.waitFor(ada.email, /A slot with Asha Rao freed up/, mailsBefore);
    expect(mail.text).toContain('70 slots are free in the next 14 days');
    expect(mail.text).toContain(`${t.config.publicUrl}/mentor-profile/${mentor.id}`);
    expect(mail.text).toContain('Hello Ada,');
    await mailer.waitFor(bob.email, /freed up/, mailsBefore);
    expect(
      mailer.sent
        .slice(mailsBefore)
        .filter((sent) => sent.to === cleo.email || sent.to === mentor.email || sent.to === mentee.email),
    ).toEqual([]);
    // They stay on the list for the next one (a new session: the clock moved past the first one's 15 minutes).
    expect((await waitlist('GET', await signedIn({ ...ada, role: 'user' }), mentor.id)).json()).toEqual({
      waiting: true,
    });
  });

  it('tells a waiting person of one mentor once a day, however many holds lapse, and how many slots are free now', async () => {
    const mentor = await newMentor();
    const ada = await newUser('Ada');
    const bob = await newUser('Bob');
    await waitlist('POST', ada, mentor.id);
    const otherMentor = await newMentor({ name: 'Ravi Iyer' });
    await waitlist('POST', ada, otherMentor.id);
    // Five people hold five hours of Tuesday; the attack of DESIGN.md §4b item 3 lets them all lapse.
    const holds = [];
    for (const hour of [10, 11, 12, 13, 14]) holds.push(await hold(await newUser(), mentor.id, at(1, hour)));
    const mailsBefore = mailer.sent.length;
    nowMs += 16 * MINUTE_MS;
    await sweepLapsedHolds(t.app.services);

    const alerts = await slotAlerts([ada.id, bob.id]);
    expect(alerts.map((alert) => alert.userId)).toEqual([ada.id]);
    expect(alerts[0]?.message).toContain('70 slots are free');
    await mailer.waitFor(ada.email, /freed up/, mailsBefore);
    const mailsToAda = () => mailer.sent.slice(mailsBefore).filter((sent) => sent.to === ada.email);
    expect(mailsToAda()).toHaveLength(1);

    // Bob joins after (a new session: the clock moved past the first one's 15 minutes): he was never told,
    // so the next freed slot is his to hear of, not Ada's again.
    expect((await waitlist('POST', await signedIn({ ...bob, role: 'user' }), mentor.id)).statusCode).toBe(
      201,
    );
    await hold(await newUser(), mentor.id, at(2, 10));
    nowMs += 16 * MINUTE_MS;
    await sweepLapsedHolds(t.app.services);
    expect((await slotAlerts([ada.id, bob.id])).map((alert) => alert.userId).sort()).toEqual(
      [ada.id, bob.id].sort(),
    );

    // Another mentor's freed slot is another mentor's news.
    await hold(await newUser(), otherMentor.id, at(1, 10));
    nowMs += 16 * MINUTE_MS;
    await sweepLapsedHolds(t.app.services);
    expect((await slotAlerts([ada.id])).filter((alert) => alert.message.includes('Ravi Iyer'))).toHaveLength(
      1,
    );

    // A day after she was told, Ada hears again.
    nowMs = at(1, 6).getTime() + 20 * MINUTE_MS;
    await hold(await newUser(), mentor.id, at(3, 10));
    nowMs += 16 * MINUTE_MS;
    await sweepLapsedHolds(t.app.services);
    expect((await slotAlerts([ada.id])).filter((alert) => alert.message.includes('Asha Rao'))).toHaveLength(
      2,
    );
    await expect.poll(() => mailsToAda().length).toBe(3);
  });

  it('tells once when two units of work free slots of the same mentor at the same moment', async () => {
    const mentor = await newMentor();
    const ada = await newUser();
    await waitlist('POST', ada, mentor.id);
    const slotAt = (hour: number) => ({
      mentorId: mentor.id,
      startTime: at(1, hour),
      endTime: at(1, hour + 1),
    });
    await Promise.all(
      [10, 11, 12, 13].map((hour) =>
        t.app.services.unitOfWork((uow) => announceFreedSlot(within(t.app.services, uow), slotAt(hour))),
      ),
    );
    expect(await slotAlerts([ada.id])).toHaveLength(1);
  });

  it('a lapsed hold expired by a new booking of another slot is announced; the slot the new booking takes again is not', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    // A second mentee for the other hour: one mentee holds at most one unpaid session with a mentor (§4b).
    const other = await newUser();
    const ada = await newUser();
    await waitlist('POST', ada, mentor.id);
    await hold(other, mentor.id, at(1, 11));
    await hold(mentee, mentor.id, at(1, 12));
    nowMs += 16 * MINUTE_MS;

    // The new booking expires both lapsed holds under its locks: 11:00 is freed, 12:00 is taken again at once.
    await hold(await signedIn({ ...mentee, role: 'user' }), mentor.id, at(1, 12));
    expect(await slotAlerts([ada.id])).toHaveLength(1);
  });

  it('tells nobody of a slot beyond 14 days, one that has started, or one off the schedule', async () => {
    const mentor = await newMentor();
    const ada = await newUser();
    await waitlist('POST', ada, mentor.id);
    const hourFrom = (start: Date) => ({
      mentorId: mentor.id,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR_MS),
    });
    await t.app.services.unitOfWork(async (uow) => {
      // Tuesday 10:00 of the third week: on the schedule, bookable, but further out than the waitlist looks.
      await announceFreedSlot(within(t.app.services, uow), hourFrom(at(15, 10)));
      await announceFreedSlot(within(t.app.services, uow), hourFrom(at(0, 5)));
      // Saturday: the mentor offers no hours then.
      await announceFreedSlot(within(t.app.services, uow), hourFrom(at(5, 10)));
    });
    expect(await slotAlerts([ada.id])).toEqual([]);

    // The same call for a slot inside the horizon does tell: the refusals above are the rule's, not the setup's.
    await t.app.services.unitOfWork((uow) =>
      announceFreedSlot(within(t.app.services, uow), hourFrom(at(11, 10))),
    );
    expect(await slotAlerts([ada.id])).toHaveLength(1);
  });
});
