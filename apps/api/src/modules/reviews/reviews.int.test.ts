import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingMessages,
  bookingResponseSchema,
  REVIEW_COMMENT_MAX,
  REVIEWS_PAGE_SIZE,
  reviewMessages,
  mentorReviewsResponseSchema,
  reviewResponseSchema,
  type BookingStatus,
} from '@skillroute/shared/bookings';
import type { ErrorEnvelope } from '@skillroute/shared/errors';
import { mentorMessages, mentorProfileResponseSchema } from '@skillroute/shared/mentors';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import {
  bookingReviews,
  bookings,
  mentorProfiles,
  notifications,
  users,
  type UserRow,
} from '../../db/schema';
import { within } from '../../context/service-context';
import { completeBooking } from '../bookings/jobs';
import { confirmBooking } from '../bookings/transitions';
import { mondayAhead } from '../../../test/clock';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PRICE_PAISE = 150_000;

const MONDAY = mondayAhead();
const at = (days: number, hour: number) => new Date(MONDAY + days * DAY_MS + hour * HOUR_MS);

// The services' clock, pinned: Monday 06:00 UTC unless a test moves it.
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };

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

async function newUser(name = 'Asha Mentee'): Promise<SignedInPerson> {
  return signedIn(await createUser(t.app.db, { email: `mentee-${randomUUID()}@example.org`, name }));
}

const everyHour = [10, 11, 12, 13, 14, 15, 16];
async function newMentor(): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, {
    availability: {
      timezone: 'UTC',
      pricePaise: PRICE_PAISE,
      weeklyHours: {
        monday: everyHour,
        tuesday: everyHour,
        wednesday: everyHour,
        thursday: everyHour,
        friday: everyHour,
      },
    },
  });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

/** A past session of this status, written straight (the api books only the future). */
async function pastBooking(
  mentor: SignedInPerson,
  mentee: SignedInPerson,
  daysAgo: number,
  status: BookingStatus = 'completed',
): Promise<string> {
  const [row] = await t.app.db
    .insert(bookings)
    .values({
      mentorId: mentor.id,
      menteeId: mentee.id,
      startTime: at(-daysAgo, 10),
      endTime: at(-daysAgo, 11),
      status,
      amount: PRICE_PAISE,
      holdExpiresAt: at(-daysAgo - 1, 10),
    })
    .returning({ id: bookings.id });
  return row!.id;
}

const review = (who: SignedInPerson | undefined, bookingId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/review`,
    headers: who === undefined ? {} : { cookie: who.cookie },
    payload: payload as object,
  });
const get = (who: SignedInPerson | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who === undefined ? {} : { cookie: who.cookie } });

function expectRefusal(response: Awaited<ReturnType<typeof get>>, status: number, message?: string): void {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json<ErrorEnvelope>();
  expect(envelope.errors.length).toBeGreaterThan(0);
  if (message !== undefined) expect(envelope.message).toBe(message);
}

/** A 400 of the validation, naming the field and saying what is wrong with it. */
function expectInvalid(response: Awaited<ReturnType<typeof get>>, field: string, message?: string): void {
  expectRefusal(response, 400);
  expect(response.json<ErrorEnvelope>().errors).toContainEqual(
    message === undefined ? expect.objectContaining({ field }) : { field, message },
  );
}

async function ratingOf(mentorId: string) {
  const [row] = await t.app.db
    .select({ ratingTotal: mentorProfiles.ratingTotal, reviewCount: mentorProfiles.reviewCount })
    .from(mentorProfiles)
    .where(eq(mentorProfiles.userId, mentorId));
  return row;
}

describe('reviewing a session', () => {
  it('takes the mentee’s review of a session that went through confirmation and completion, and the mentor’s profile, the booking and the notification show it', async () => {
    const mentor = await newMentor();
    const mentee = await newUser('Ravi Reviewer');
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: mentee.cookie },
      payload: { mentorId: mentor.id, startTime: at(1, 12).toISOString() },
    });
    expect(held.statusCode, held.body).toBe(201);
    const bookingId = bookingResponseSchema.parse(held.json()).booking.id;

    // Confirmed is not yet completed.
    await t.app.services.unitOfWork((uow) => confirmBooking(within(t.app.services, uow), { bookingId }));
    expectRefusal(
      await review(mentee, bookingId, { rating: 5, comment: 'Great' }),
      409,
      reviewMessages.notReviewable,
    );

    nowMs = at(1, 13).getTime();
    await completeBooking(t.app.services, { bookingId });
    const response = await review(await signedIn(mentee), bookingId, {
      rating: 4,
      comment: '  Clear answers to every question.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const written = reviewResponseSchema.parse(response.json()).review;
    expect(written).toMatchObject({ rating: 4, comment: 'Clear answers to every question.' });
    expect(Number.isNaN(Date.parse(written.createdAt))).toBe(false);

    expect(await ratingOf(mentor.id)).toEqual({ ratingTotal: 4, reviewCount: 1 });
    const profile = await get(undefined, `/api/mentor/details/${mentor.id}`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(mentorProfileResponseSchema.parse(profile.json()).mentor).toMatchObject({
      rating: 4,
      reviewCount: 1,
      sessionsHeld: 1,
    });

    // Both people's views of the booking carry the review.
    for (const who of [await signedIn(mentee), await signedIn(mentor)]) {
      const detail = await get(who, `/api/bookings/detail/${bookingId}`);
      expect(bookingResponseSchema.parse(detail.json()).booking.review).toEqual(written);
    }
    const mine = await get(await signedIn(mentee), `/api/bookings/profile/${mentee.id}`);
    expect(
      mine.json<{ bookings: { id: string; review?: unknown }[] }>().bookings.find((b) => b.id === bookingId)
        ?.review,
    ).toEqual(written);

    const notices = await t.app.db.select().from(notifications).where(eq(notifications.userId, mentor.id));
    const received = notices.filter((row) => row.type === 'review_received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      message: 'Ravi Reviewer rated your session 4 stars.',
      link: `/mentor-profile/${mentor.id}`,
      readAt: null,
    });
    // The mentee is not told of their own review.
    expect(
      (await t.app.db.select().from(notifications).where(eq(notifications.userId, mentee.id))).filter(
        (row) => row.type === 'review_received',
      ),
    ).toHaveLength(0);
  });

  it('averages several reviews on the profile and on the listing card', async () => {
    const mentor = await newMentor();
    const card = async () =>
      (await get(undefined, '/api/mentor/all?limit=50'))
        .json<{ mentors: { id: string; rating: number | null; reviewCount: number }[] }>()
        .mentors.find((entry) => entry.id === mentor.id);
    // Read once before the reviews, so the listing cache holds the page the reviews must make it forget.
    expect(await card()).toMatchObject({ rating: null, reviewCount: 0 });
    for (const rating of [5, 4, 4]) {
      const mentee = await newUser();
      const bookingId = await pastBooking(mentor, mentee, 3);
      expect((await review(mentee, bookingId, { rating, comment: '' })).statusCode).toBe(201);
    }
    expect(await ratingOf(mentor.id)).toEqual({ ratingTotal: 13, reviewCount: 3 });
    expect(
      mentorProfileResponseSchema.parse((await get(undefined, `/api/mentor/details/${mentor.id}`)).json())
        .mentor,
    ).toMatchObject({ rating: 4.3, reviewCount: 3 });
    expect(await card()).toMatchObject({ rating: 4.3, reviewCount: 3 });
  });

  it('takes one review per session: a second is a 409, and of two sent at once exactly one is written', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const first = await pastBooking(mentor, mentee, 2);
    expect((await review(mentee, first, { rating: 5, comment: 'Superb' })).statusCode).toBe(201);
    expectRefusal(
      await review(mentee, first, { rating: 1, comment: 'Changed my mind' }),
      409,
      reviewMessages.alreadyReviewed,
    );

    const second = await pastBooking(mentor, mentee, 4);
    const racing = await Promise.all([
      review(mentee, second, { rating: 3, comment: 'a' }),
      review(mentee, second, { rating: 2, comment: 'b' }),
    ]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(racing.find((response) => response.statusCode === 409)!.json<ErrorEnvelope>().message).toBe(
      reviewMessages.alreadyReviewed,
    );

    expect(
      await t.app.db.select().from(bookingReviews).where(eq(bookingReviews.mentorId, mentor.id)),
    ).toHaveLength(2);
    const winner = reviewResponseSchema.parse(
      racing.find((response) => response.statusCode === 201)!.json(),
    ).review;
    // The refused reviews left no trace on the profile nor in the notifications.
    expect(await ratingOf(mentor.id)).toEqual({ ratingTotal: 5 + winner.rating, reviewCount: 2 });
    const received = (
      await t.app.db.select().from(notifications).where(eq(notifications.userId, mentor.id))
    ).filter((row) => row.type === 'review_received');
    expect(received).toHaveLength(2);
  });

  it('refuses the signed out, strangers, the mentor, sessions not completed, unknown bookings and bad input, in the envelope', async () => {
    const mentor = await newMentor();
    const mentee = await newUser();
    const stranger = await newUser();
    const bookingId = await pastBooking(mentor, mentee, 1);
    const good = { rating: 5, comment: 'Helpful' };

    expectRefusal(await review(undefined, bookingId, good), 401);
    expectRefusal(await review(stranger, bookingId, good), 404, bookingMessages.notFound);
    expectRefusal(await review(mentor, bookingId, good), 403, reviewMessages.notReviewable);
    expectRefusal(await review(mentee, randomUUID(), good), 404, bookingMessages.notFound);
    expectInvalid(await review(mentee, 'not-a-booking', good), 'id', bookingMessages.notFound);
    for (const [index, status] of (
      ['pending_payment', 'confirmed', 'expired', 'payment_failed', 'cancelled'] as const
    ).entries()) {
      expectRefusal(
        await review(mentee, await pastBooking(mentor, mentee, 20 + index, status), good),
        409,
        reviewMessages.notReviewable,
      );
    }

    for (const rating of [0, 6, 2.5, '5', null, -1]) {
      expectInvalid(
        await review(mentee, bookingId, { rating, comment: 'x' }),
        'rating',
        reviewMessages.ratingRange,
      );
    }
    expectInvalid(
      await review(mentee, bookingId, { comment: 'no rating' }),
      'rating',
      reviewMessages.ratingRange,
    );
    expectInvalid(await review(mentee, bookingId, { rating: 5 }), 'comment');
    expectInvalid(
      await review(mentee, bookingId, { rating: 5, comment: 'x'.repeat(REVIEW_COMMENT_MAX + 1) }),
      'comment',
      reviewMessages.commentTooLong,
    );
    expectRefusal(await review(mentee, bookingId, [5, 'five stars']), 400);

    // None of it wrote anything; the longest comment allowed is taken.
    expect(await ratingOf(mentor.id)).toEqual({ ratingTotal: 0, reviewCount: 0 });
    expect(
      (await review(mentee, bookingId, { rating: 5, comment: 'x'.repeat(REVIEW_COMMENT_MAX) })).statusCode,
    ).toBe(201);
  });
});

describe("a mentor's reviews", () => {
  it('lists them newest first, a page at a time, with the author and the total, to anyone', async () => {
    const mentor = await newMentor();
    const other = await newMentor();
    const count = REVIEWS_PAGE_SIZE + 2;
    for (let index = 0; index < count; index += 1) {
      const mentee = await newUser(`Mentee ${index}`);
      if (index === 0)
        await t.app.db
          .update(users)
          .set({ avatar: '/uploads/avatars/first.png' })
          .where(eq(users.id, mentee.id));
      const bookingId = await pastBooking(mentor, mentee, count - index);
      expect(
        (await review(mentee, bookingId, { rating: (index % 5) + 1, comment: `Review ${index}` })).statusCode,
      ).toBe(201);
    }
    // Another mentor's review is not on this list.
    const outsider = await newUser();
    await review(outsider, await pastBooking(other, outsider, 1), { rating: 1, comment: 'Elsewhere' });

    const first = await get(undefined, `/api/mentors/${mentor.id}/reviews`);
    expect(first.statusCode, first.body).toBe(200);
    const firstPage = mentorReviewsResponseSchema.parse(first.json());
    expect(firstPage.total).toBe(count);
    expect(firstPage.reviews.map((r) => r.comment)).toEqual(
      Array.from({ length: REVIEWS_PAGE_SIZE }, (_, i) => `Review ${count - 1 - i}`),
    );
    expect(firstPage.reviews[0]).toMatchObject({
      rating: ((count - 1) % 5) + 1,
      author: { name: `Mentee ${count - 1}`, avatar: null },
    });

    const second = mentorReviewsResponseSchema.parse(
      (await get(undefined, `/api/mentors/${mentor.id}/reviews?page=2`)).json(),
    );
    expect(second).toMatchObject({ total: count });
    expect(second.reviews.map((r) => r.comment)).toEqual(['Review 1', 'Review 0']);
    expect(second.reviews[1]?.author).toEqual({ name: 'Mentee 0', avatar: '/uploads/avatars/first.png' });
    const created = [...firstPage.reviews, ...second.reviews].map((r) => Date.parse(r.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const beyond = mentorReviewsResponseSchema.parse(
      (await get(mentor, `/api/mentors/${mentor.id}/reviews?page=3`)).json(),
    );
    expect(beyond).toEqual({ reviews: [], total: count });
    // No e-mail, ids or other private columns of the author on the wire.
    expect(Object.keys(first.json<{ reviews: Record<string, unknown>[] }>().reviews[0]!).sort()).toEqual([
      'author',
      'comment',
      'createdAt',
      'rating',
    ]);
  });

  it('answers an empty list for a mentor with no reviews, and refuses unknown mentors and bad pages in the envelope', async () => {
    const mentor = await newMentor();
    expect((await get(undefined, `/api/mentors/${mentor.id}/reviews?page=1`)).json()).toEqual({
      reviews: [],
      total: 0,
    });
    // The availability routes under the same prefix still answer.
    expect((await get(undefined, `/api/mentors/availability/${mentor.id}`)).statusCode).toBe(200);

    const notAMentor = await newUser();
    const blocked = await createMentor(t.app.db, { blocked: true });
    expectRefusal(
      await get(undefined, `/api/mentors/${randomUUID()}/reviews`),
      404,
      mentorMessages.mentorNotFound,
    );
    expectRefusal(
      await get(undefined, `/api/mentors/${notAMentor.id}/reviews`),
      404,
      mentorMessages.mentorNotFound,
    );
    expectRefusal(
      await get(undefined, `/api/mentors/${blocked}/reviews`),
      404,
      mentorMessages.mentorNotFound,
    );
    expectInvalid(
      await get(undefined, '/api/mentors/not-a-mentor/reviews'),
      'mentorId',
      mentorMessages.mentorNotFound,
    );
    for (const page of ['0', '-1', '1.5', 'two', '10001'])
      expectInvalid(
        await get(undefined, `/api/mentors/${mentor.id}/reviews?page=${page}`),
        'page',
        'Page is a whole number from 1',
      );
  });
});
