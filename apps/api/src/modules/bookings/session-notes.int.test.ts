import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AGENDA_MAX,
  bookingMessages,
  bookingResponseSchema,
  NOTES_ANNOUNCE_AFTER_MINUTES,
  SESSION_NOTES_MAX,
  sessionNotesMessages,
  type BookingStatus,
} from '@skillroute/shared/bookings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { NOTES_SAVES_MAX } from '@skillroute/shared/marketplace-limits';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRecordingMailer, waitUntil, type RecordingMailer } from '../../../test/mail';
import { createMentor } from '../../../test/mentors';
import { mondayAhead } from '../../../test/clock';
import { bookings, notifications, type UserRow } from '../../db/schema';
import { sendMailJob } from '../mail/service';
import { announceNotes } from './announcements';
import { announceNotesJob } from './job-types';
import { listAllBookings } from './staff';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const PRICE_PAISE = 150_000;

const MONDAY = mondayAhead();
const at = (days: number, hour: number) => new Date(MONDAY + days * DAY_MS + hour * HOUR_MS);

// The services' clock, pinned: Monday 06:00 UTC unless a test moves it.
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };

let t: TestApp;
let mailer: RecordingMailer;
beforeAll(async () => {
  mailer = createRecordingMailer();
  t = await buildTestApp({
    clock,
    mailer,
    env: { RATE_LIMIT_MAX: '1000000', PUBLIC_URL: 'https://skillroute.example' },
  });
});
afterAll(() => t?.close());

const signedIn = (user: Pick<UserRow, 'id' | 'email' | 'role'>) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());

interface People {
  mentor: SignedInPerson;
  mentee: SignedInPerson;
  stranger: SignedInPerson;
}

let people: People;
beforeEach(async () => {
  nowMs = at(0, 6).getTime();
  const tag = randomUUID().slice(0, 8);
  const hours = [10, 11, 12, 13, 14, 15, 16];
  const mentorEmail = `mentor-${tag}@example.org`;
  const mentorId = await createMentor(t.app.db, {
    name: `Ada ${tag}`,
    email: mentorEmail,
    availability: {
      timezone: 'UTC',
      pricePaise: PRICE_PAISE,
      weeklyHours: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours },
    },
  });
  const user = (name: string) =>
    createUser(t.app.db, { email: `${name.toLowerCase()}-${tag}@example.org`, name: `${name} ${tag}` });
  people = {
    mentor: await signedIn({ id: mentorId, email: mentorEmail, role: 'mentor' }),
    mentee: await signedIn(await user('Ravi')),
    stranger: await signedIn(await user('Eve')),
  };
});

type Who = SignedInPerson | undefined;
const send = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who === undefined ? {} : { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const book = (payload: Record<string, unknown>) =>
  send(people.mentee, 'POST', '/api/bookings', {
    mentorId: people.mentor.id,
    startTime: at(1, 10).toISOString(),
    ...payload,
  });
const writeNotes = (who: Who, bookingId: string, text: unknown) =>
  send(who, 'POST', `/api/bookings/${bookingId}/notes`, { text });
const detail = (who: Who, bookingId: string) => send(who, 'GET', `/api/bookings/detail/${bookingId}`);

function expectRefusal(response: Awaited<ReturnType<typeof send>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
}

/** A booking of this status starting at `start`, written straight (the api books only the future). */
async function bookingAt(start: Date, status: BookingStatus = 'confirmed'): Promise<string> {
  const [row] = await t.app.db
    .insert(bookings)
    .values({
      mentorId: people.mentor.id,
      menteeId: people.mentee.id,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR_MS),
      status,
      amount: PRICE_PAISE,
      holdExpiresAt: new Date(start.getTime() - DAY_MS),
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** The `bookings.announce-notes` jobs of a booking, in any state. */
async function announceJobs(bookingId: string): Promise<Array<{ state: string; startAfter: Date }>> {
  const { rows } = await t.app.pool.query<{ state: string; startAfter: Date }>(
    `select state, start_after as "startAfter" from pgboss.job where name = $1 and singleton_key = $2 order by created_on`,
    [announceNotesJob.name, bookingId],
  );
  return rows;
}

/** The mails queued to an address (a retried worker queues one again; its key keeps it from going out twice). */
async function mailJobsTo(email: string): Promise<Array<{ subject: string; key: string }>> {
  const { rows } = await t.app.pool.query<{ subject: string; key: string }>(
    `select data->>'subject' as subject, data->>'key' as key from pgboss.job where name = $1 and data->>'to' = $2`,
    [sendMailJob.name, email],
  );
  return rows;
}

const notesNoticesOf = async (userId: string) =>
  (await t.app.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (row) => row.type === 'session_notes',
  );

describe('the agenda of a booking', () => {
  it('is kept trimmed and shown to both people of the booking only, not to strangers nor in the admins’ lists', async () => {
    const response = await book({ agenda: '  System design interviews: how to structure my answers.  ' });
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = bookingResponseSchema.parse(response.json());
    expect(booking.agenda).toBe('System design interviews: how to structure my answers.');

    for (const who of [people.mentee, people.mentor]) {
      const read = await detail(who, booking.id);
      expect(bookingResponseSchema.parse(read.json()).booking.agenda).toBe(booking.agenda);
    }
    // The mentor reads it on their list before the session.
    const listed = await send(people.mentor, 'GET', `/api/bookings/profile/${people.mentor.id}`);
    expect(
      listed
        .json<{ bookings: Array<{ id: string; agenda?: string }> }>()
        .bookings.find((row) => row.id === booking.id)?.agenda,
    ).toBe(booking.agenda);
    expectRefusal(await detail(people.stranger, booking.id), 404, bookingMessages.notFound);

    const { bookings: all } = await listAllBookings(t.app.services, { query: { page: 1 }, limit: 100 });
    const seenByStaff = all.find((row) => row.id === booking.id);
    expect(seenByStaff).toBeDefined();
    expect(seenByStaff).not.toHaveProperty('agenda');
  });

  it('is optional: none, or only spaces, is no agenda', async () => {
    const none = await book({});
    expect(none.statusCode, none.body).toBe(201);
    expect(bookingResponseSchema.parse(none.json()).booking).not.toHaveProperty('agenda');
    // Another mentee: one unpaid hold per mentor each.
    const blank = await send(people.stranger, 'POST', '/api/bookings', {
      mentorId: people.mentor.id,
      startTime: at(1, 11).toISOString(),
      agenda: '   ',
    });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(bookingResponseSchema.parse(blank.json()).booking).not.toHaveProperty('agenda');
  });

  it(`refuses more than ${AGENDA_MAX} characters, text that is not text and the NUL character, with a clear message`, async () => {
    const exactly = await book({ agenda: 'a'.repeat(AGENDA_MAX) });
    expect(exactly.statusCode, exactly.body).toBe(201);

    const tooLong = await book({ startTime: at(1, 11).toISOString(), agenda: 'a'.repeat(AGENDA_MAX + 1) });
    expectRefusal(tooLong, 400);
    expect(tooLong.json<ErrorEnvelope>().errors).toContainEqual({
      field: 'agenda',
      message: sessionNotesMessages.agendaTooLong,
    });
    const notText = await book({ startTime: at(1, 11).toISOString(), agenda: 42 });
    expectRefusal(notText, 400);
    expect(notText.json<ErrorEnvelope>().errors).toContainEqual({
      field: 'agenda',
      message: sessionNotesMessages.agendaText,
    });
    expectRefusal(await book({ startTime: at(1, 11).toISOString(), agenda: 'a\u0000b' }), 400);
  });
});

describe('POST /api/bookings/:id/notes', () => {
  it('is the mentor’s alone: the mentee and a stranger hear 404, someone signed out 401', async () => {
    const bookingId = await bookingAt(at(0, 5));
    expectRefusal(await writeNotes(undefined, bookingId, 'Read chapter 3'), 401);
    expectRefusal(
      await writeNotes(people.mentee, bookingId, 'Read chapter 3'),
      404,
      bookingMessages.notFound,
    );
    expectRefusal(
      await writeNotes(people.stranger, bookingId, 'Read chapter 3'),
      404,
      bookingMessages.notFound,
    );
    expectRefusal(await writeNotes(people.mentor, randomUUID(), 'Read chapter 3'), 404);

    const response = await writeNotes(
      people.mentor,
      bookingId,
      '  Read chapter 3.\nPractise two problems.  ',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { booking } = bookingResponseSchema.parse(response.json());
    expect(booking.notes).toEqual({
      text: 'Read chapter 3.\nPractise two problems.',
      updatedAt: clock.now().toISOString(),
    });

    // Both people read them on the booking; a stranger does not read the booking at all.
    for (const who of [people.mentee, people.mentor])
      expect(bookingResponseSchema.parse((await detail(who, bookingId)).json()).booking.notes).toEqual(
        booking.notes,
      );
    expectRefusal(await detail(people.stranger, bookingId), 404);
    const { bookings: all } = await listAllBookings(t.app.services, { query: { page: 1 }, limit: 100 });
    expect(all.find((row) => row.id === bookingId)).not.toHaveProperty('notes');
  });

  it('waits for the start (409 before), and takes a completed session too', async () => {
    const upcoming = await bookingAt(at(0, 7));
    expectRefusal(
      await writeNotes(people.mentor, upcoming, 'Too soon'),
      409,
      sessionNotesMessages.notStarted,
    );
    // The start itself counts as started.
    const startingNow = await bookingAt(at(0, 6));
    expect((await writeNotes(people.mentor, startingNow, 'Now')).statusCode).toBe(200);
    const completed = await bookingAt(at(-1, 10), 'completed');
    expect((await writeNotes(people.mentor, completed, 'Afterwards')).statusCode).toBe(200);
    const others = ['cancelled', 'expired', 'pending_payment', 'payment_failed'] as const;
    for (const [index, status] of others.entries()) {
      const other = await bookingAt(at(-2, 10 + index), status);
      expectRefusal(
        await writeNotes(people.mentor, other, 'Not a session'),
        409,
        sessionNotesMessages.notANoteSession,
      );
    }
  });

  it(`refuses empty notes, more than ${SESSION_NOTES_MAX} characters, and the NUL character, with a clear message`, async () => {
    const bookingId = await bookingAt(at(0, 5));
    for (const [text, message] of [
      ['   ', sessionNotesMessages.notesRequired],
      [undefined, sessionNotesMessages.notesRequired],
      ['a'.repeat(SESSION_NOTES_MAX + 1), sessionNotesMessages.notesTooLong],
    ] as const) {
      const response = await writeNotes(people.mentor, bookingId, text);
      expectRefusal(response, 400);
      expect(response.json<ErrorEnvelope>().errors).toContainEqual({ field: 'text', message });
    }
    expectRefusal(await writeNotes(people.mentor, bookingId, 'a\u0000b'), 400);
    expect((await writeNotes(people.mentor, bookingId, 'a'.repeat(SESSION_NOTES_MAX))).statusCode).toBe(200);
  });

  it('tells the mentee once a few minutes after the saves, in a notification and a mail whose text is no link', async () => {
    const bookingId = await bookingAt(at(0, 5));
    const first = 'Read https://evil.example/reset and mail me at me@evil.example\u202e.';
    const before = Date.now();
    expect((await writeNotes(people.mentor, bookingId, 'A first draft')).statusCode).toBe(200);
    expect((await writeNotes(people.mentor, bookingId, first)).statusCode).toBe(200);

    // One notice waits, a few minutes ahead, however many saves came.
    const jobs = await announceJobs(bookingId);
    expect(jobs.map((job) => job.state)).toEqual(['created']);
    const delay = jobs[0]!.startAfter.getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(NOTES_ANNOUNCE_AFTER_MINUTES * MINUTE_MS - 1000);
    expect(delay).toBeLessThanOrEqual(NOTES_ANNOUNCE_AFTER_MINUTES * MINUTE_MS + 60_000);
    expect(await notesNoticesOf(people.mentee.id)).toEqual([]);

    // The worker, as the job runs it; run twice (a retry), it tells nobody twice.
    await announceNotes(t.app.services, { bookingId });
    await announceNotes(t.app.services, { bookingId });
    const notices = await notesNoticesOf(people.mentee.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ link: '/profile/bookings', readAt: null });
    expect(notices[0]?.message).toMatch(
      new RegExp(`^Ada \\w+ wrote notes and homework for your session on Mon \\d+ \\w+, 10:30 AM IST\\.$`),
    );
    expect(await notesNoticesOf(people.mentor.id)).toEqual([]);

    const mail = await mailer.waitFor(people.mentee.email, /^Notes from /);
    expect(mailer.sent.filter((sent) => sent.to === people.mentee.email)).toHaveLength(1);
    expect(mailer.sent.filter((sent) => sent.to === people.mentor.email)).toHaveLength(0);
    // The latest text, with its addresses broken so no client makes them links, and no reordering control.
    expect(mail.text).toContain(
      'Read https:\u200b//evil.\u200bexample/reset and mail me at me@\u200bevil.\u200bexample.',
    );
    expect(mail.text).not.toContain('A first draft');
    expect(mail.text).not.toContain('\u202e');
    expect(mail.html).not.toContain('href="https://evil');
    expect(mail.html).toContain('href="https://skillroute.example/profile/bookings"');

    // The same text again changes nothing and queues nothing.
    const saved = bookingResponseSchema.parse((await detail(people.mentor, bookingId)).json()).booking.notes;
    const again = await writeNotes(people.mentor, bookingId, first);
    expect(bookingResponseSchema.parse(again.json()).booking.notes).toEqual(saved);
    // (The job from before still waits here: the worker was called straight, not through the queue.)
    expect(await announceJobs(bookingId)).toHaveLength(1);
    await announceNotes(t.app.services, { bookingId });
    expect(await notesNoticesOf(people.mentee.id)).toHaveLength(1);
    const keys = new Set((await mailJobsTo(people.mentee.email)).map((queued) => queued.key));
    expect(keys.size).toBe(1);
    // Give the mail worker a moment: a second mail of the same key would have been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailer.sent.filter((sent) => sent.to === people.mentee.email)).toHaveLength(1);
  });

  it('tells the mentee again of a later change, once', async () => {
    const bookingId = await bookingAt(at(0, 5));
    await writeNotes(people.mentor, bookingId, 'Week one: arrays');
    await announceNotes(t.app.services, { bookingId });
    nowMs += 10 * MINUTE_MS;
    await writeNotes(people.mentor, bookingId, 'Week one: arrays and strings');
    await announceNotes(t.app.services, { bookingId });
    await announceNotes(t.app.services, { bookingId });
    expect(await notesNoticesOf(people.mentee.id)).toHaveLength(2);
    const keys = new Set((await mailJobsTo(people.mentee.email)).map((queued) => queued.key));
    expect(keys.size).toBe(2);
    await waitUntil(
      () => mailer.sent.find((sent) => sent.to === people.mentee.email && sent.text.includes('and strings')),
      10_000,
      'the mail of the changed notes',
    );
  });

  it(`limits each mentor to ${NOTES_SAVES_MAX} saves in the window`, async () => {
    const bookingId = await bookingAt(at(0, 5));
    for (let save = 0; save < NOTES_SAVES_MAX; save += 1)
      expect((await writeNotes(people.mentor, bookingId, `Version ${save}`)).statusCode).toBe(200);
    const refused = await writeNotes(people.mentor, bookingId, 'One more');
    expectRefusal(refused, 429);
    expect(refused.json<ErrorEnvelope>().message).toMatch(/^You have saved notes 30 times in 10 minutes/);
  });
});
