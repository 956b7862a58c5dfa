import { eq, sql } from 'drizzle-orm';
import { SESSION_MINUTES } from '@skillroute/shared/bookings';
import type { Transaction } from '../../db/client';
import { bookingReviews, bookings, mentorAvailability, mentorProfiles, users } from '../../db/schema';
import type { Seeder } from '../../db/seed';
import { listedDemoMentors } from '../demo-mentors/mentors';
import { demoMentorEmail, slugOf } from '../demo-mentors/seeder';
import { demoLearners, demoSessions } from './sessions';

const DAY_MS = 24 * 3_600_000;
const SESSION_MS = SESSION_MINUTES * 60_000;

const learnerEmail = (name: string) => `${slugOf(name)}@skillroute.invalid`;

async function userIdOf(tx: Transaction, email: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/**
 * Completed sessions with their reviews (sessions.ts), so the listing's ratings and the profiles' reviews
 * show what they look like in use. Each is written as the product would have left it: a completed booking at
 * the mentor's price, paid in the sandbox, its review, and the mentor's totals moved by the same amounts as
 * `POST /api/bookings/:id/review` and the completion job move them.
 */
export function createDemoBookingsSeeder(): Seeder {
  return {
    name: 'demo-bookings',
    async run(tx) {
      const learners = new Map<string, string>();
      for (const learner of demoLearners) {
        const [row] = await tx
          .insert(users)
          .values({ name: learner.name, email: learnerEmail(learner.name), verifiedAt: new Date() })
          .onConflictDoNothing()
          .returning({ id: users.id });
        const id = row?.id ?? (await userIdOf(tx, learnerEmail(learner.name)));
        if (id !== undefined) learners.set(learner.name, id);
      }
      const today = new Date();
      today.setUTCHours(10, 0, 0, 0);
      for (const session of demoSessions) {
        const mentor = listedDemoMentors.find((candidate) => candidate.name === session.mentor);
        const mentorId = mentor === undefined ? undefined : await userIdOf(tx, demoMentorEmail(mentor));
        const menteeId = learners.get(session.learner);
        // Someone may have deleted a demo mentor since; the other sessions are still written.
        if (mentorId === undefined || menteeId === undefined) continue;
        const [price] = await tx
          .select({ paise: mentorAvailability.pricePerSession })
          .from(mentorAvailability)
          .where(eq(mentorAvailability.userId, mentorId));
        if (price === undefined) continue;
        const start = new Date(today.getTime() - session.daysAgo * DAY_MS);
        const [booking] = await tx
          .insert(bookings)
          .values({
            mentorId,
            menteeId,
            startTime: start,
            endTime: new Date(start.getTime() + SESSION_MS),
            status: 'completed',
            amount: price.paise,
            currency: 'INR',
            holdExpiresAt: new Date(start.getTime() - DAY_MS),
            provider: 'sandbox',
            createdAt: new Date(start.getTime() - 2 * DAY_MS),
          })
          .returning({ id: bookings.id });
        if (booking === undefined) continue;
        await tx.insert(bookingReviews).values({
          bookingId: booking.id,
          mentorId,
          authorId: menteeId,
          rating: session.rating,
          comment: session.comment,
          createdAt: new Date(start.getTime() + 2 * SESSION_MS),
        });
        await tx
          .update(mentorProfiles)
          .set({
            ratingTotal: sql`${mentorProfiles.ratingTotal} + ${session.rating}`,
            reviewCount: sql`${mentorProfiles.reviewCount} + 1`,
            sessionsHeld: sql`${mentorProfiles.sessionsHeld} + 1`,
          })
          .where(eq(mentorProfiles.userId, mentorId));
      }
    },
  };
}
