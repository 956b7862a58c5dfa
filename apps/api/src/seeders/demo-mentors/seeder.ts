import { eq, inArray } from 'drizzle-orm';
import { rupeesToPaise } from '@skillroute/shared/money';
import type { Transaction } from '../../db/client';
import { mentorAvailability, mentorProfiles, mentorSkills, stacks, users } from '../../db/schema';
import type { StoredDateOverride } from '../../db/schema/mentors';
import type { Seeder } from '../../db/seed';
import {
  existingMentorListings,
  listedDemoMentors,
  type DemoAvailability,
  type DemoListedMentor,
} from './mentors';

const DAY_MS = 24 * 3_600_000;

/** "Sofia Martínez" → "sofia.martinez": the address and profile links of a demo mentor. */
export const slugOf = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/** Like the demo assessments' mentors: under `.invalid` (RFC 2606), so no mailbox can receive their mail. */
export const demoMentorEmail = (mentor: DemoListedMentor): string =>
  `${slugOf(mentor.name)}@skillroute.invalid`;

/** The calendar date `daysAhead` after `at`'s date in `timeZone`, as YYYY-MM-DD. */
function dateAhead(at: Date, timeZone: string, daysAhead: number): string {
  // en-CA writes dates as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return new Date(Date.parse(`${today}T00:00:00Z`) + daysAhead * DAY_MS).toISOString().slice(0, 10);
}

/** The availability row as the availability dialog would have saved it on `at`. */
function availabilityRow(userId: string, availability: DemoAvailability, at: Date) {
  const overrides: StoredDateOverride[] = (availability.overrides ?? []).map((override) => ({
    date: dateAhead(at, availability.timezone, override.daysAhead),
    hours: override.hours,
  }));
  const hasHours =
    Object.values(availability.weeklyHours).some((hours) => hours.length > 0) ||
    overrides.some((override) => override.hours.length > 0);
  return {
    userId,
    timezone: availability.timezone,
    pricePerSession: rupeesToPaise(availability.priceRupees),
    weeklyHours: availability.weeklyHours,
    overrides,
    hasHours,
  };
}

async function stackIdsByName(tx: Transaction): Promise<Map<string, string>> {
  const names = [...new Set(listedDemoMentors.flatMap((mentor) => mentor.skills))];
  const rows = await tx
    .select({ id: stacks.id, name: stacks.name })
    .from(stacks)
    .where(inArray(stacks.name, names));
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  const missing = names.filter((name) => !byName.has(name));
  if (missing.length > 0)
    throw new Error(
      `the demo mentors need the stacks ${missing.join(', ')} (the demo assessments seeder writes them)`,
    );
  return byName;
}

/**
 * A listing worth browsing: companies and weekly hours for the demo assessments' four mentors, and two dozen
 * more mentors across the demo stacks, languages and time zones. Their skills have no test behind them
 * (`testId` null), as for a mentor whose test was later deleted. Rows a person may since have changed
 * (profile, availability) are left as they are.
 */
export function createDemoMentorsSeeder(): Seeder {
  return {
    name: 'demo-mentors',
    async run(tx) {
      const now = new Date();
      for (const listing of existingMentorListings) {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, listing.email));
        // Someone may have deleted a demo mentor since; the others still get their listing.
        if (user === undefined) continue;
        await tx
          .update(mentorProfiles)
          .set({ companies: listing.companies })
          .where(eq(mentorProfiles.userId, user.id));
        await tx
          .insert(mentorAvailability)
          .values(availabilityRow(user.id, listing.availability, now))
          .onConflictDoNothing();
      }

      const stackIds = await stackIdsByName(tx);
      for (const [index, mentor] of listedDemoMentors.entries()) {
        const email = demoMentorEmail(mentor);
        const account = {
          name: mentor.name,
          email,
          role: 'mentor' as const,
          passwordHash: null,
          googleSub: null,
          verifiedAt: now,
          blockedAt: null,
        };
        const [user] = await tx
          .insert(users)
          .values(account)
          .onConflictDoUpdate({ target: users.email, set: account })
          .returning({ id: users.id });
        if (user === undefined) throw new Error(`the demo mentor ${mentor.name} was not written`);
        const slug = slugOf(mentor.name);
        await tx
          .insert(mentorProfiles)
          .values({
            userId: user.id,
            headline: mentor.headline,
            bio: mentor.bio,
            expirience: mentor.expirience,
            languages: mentor.languages,
            companies: mentor.companies,
            linkedinUrl: `https://www.linkedin.com/in/${slug.replaceAll('.', '-')}-skillroute-demo`,
            githubUrl: `https://github.com/${slug.replaceAll('.', '-')}-skillroute-demo`,
          })
          .onConflictDoNothing();
        for (const [order, skill] of mentor.skills.entries()) {
          // Spread over the past weeks, so skills read in the order they were earned.
          const assessedAt = new Date(now.getTime() - (60 - index * 2 - order) * DAY_MS);
          await tx
            .insert(mentorSkills)
            .values({ userId: user.id, stackId: stackIds.get(skill)!, testId: null, assessedAt })
            .onConflictDoNothing();
        }
        await tx
          .insert(mentorAvailability)
          .values(availabilityRow(user.id, mentor.availability, now))
          .onConflictDoNothing();
      }
    },
  };
}
