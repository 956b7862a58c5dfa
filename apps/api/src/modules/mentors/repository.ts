import { asc, eq, sql } from 'drizzle-orm';
import type { MentorProfile, MentorProfileChange } from '@skillroute/shared/mentors';
import type { Executor } from '../../db/client';
import { DEFAULT_TIMEZONE } from '@skillroute/shared/availability';
import { mentorAvailability, mentorProfiles, mentorSkills, stacks, users } from '../../db/schema';

export interface NewMentorProfile {
  headline: string;
  bio: string;
  expirience: number;
  languages: string[];
  linkedinUrl: string;
  githubUrl: string;
}

/** A mentor's profile with their assessed skills; undefined for anyone who is not a mentor. */
export async function findMentorProfile(db: Executor, userId: string): Promise<(Omit<MentorProfile, 'email'> & { email: string }) | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatar: users.avatar,
      role: users.role,
      headline: mentorProfiles.headline,
      bio: mentorProfiles.bio,
      expirience: mentorProfiles.expirience,
      languages: mentorProfiles.languages,
      linkedinUrl: mentorProfiles.linkedinUrl,
      githubUrl: mentorProfiles.githubUrl,
      companies: mentorProfiles.companies,
      ratingTotal: mentorProfiles.ratingTotal,
      reviewCount: mentorProfiles.reviewCount,
      sessionsHeld: mentorProfiles.sessionsHeld,
      pricePaise: mentorAvailability.pricePerSession,
      timezone: mentorAvailability.timezone,
    })
    .from(users)
    .innerJoin(mentorProfiles, eq(mentorProfiles.userId, users.id))
    .leftJoin(mentorAvailability, eq(mentorAvailability.userId, users.id))
    .where(eq(users.id, userId));
  if (row === undefined || row.role !== 'mentor') return undefined;
  const { ratingTotal, pricePaise, timezone, ...profile } = row;
  const skills = await db
    .select({ name: stacks.name })
    .from(mentorSkills)
    .innerJoin(stacks, eq(stacks.id, mentorSkills.stackId))
    .where(eq(mentorSkills.userId, userId))
    .orderBy(asc(mentorSkills.assessedAt), asc(stacks.name));
  return {
    ...profile,
    role: 'mentor',
    assessedSkills: skills.map((skill) => skill.name),
    pricePerSession: pricePaise === null ? null : pricePaise / 100,
    timezone: timezone ?? DEFAULT_TIMEZONE,
    rating: meanRating(ratingTotal, profile.reviewCount),
  };
}

/** The mean of the review ratings to one decimal; null before the first review. */
export const meanRating = (ratingTotal: number, reviewCount: number): number | null => (reviewCount === 0 ? null : Math.round((ratingTotal / reviewCount) * 10) / 10);

/**
 * Makes a user a mentor with a profile and one more assessed skill. A second skill keeps the profile the
 * mentor already has (they may have edited it since); the new skill is added either way.
 */
export async function addMentorSkill(tx: Executor, userId: string, stackId: string, testId: string, profile: NewMentorProfile): Promise<void> {
  await tx.update(users).set({ role: 'mentor' }).where(eq(users.id, userId));
  await tx
    .insert(mentorProfiles)
    .values({ userId, ...profile })
    .onConflictDoNothing({ target: mentorProfiles.userId });
  await tx.insert(mentorSkills).values({ userId, stackId, testId }).onConflictDoNothing();
}

export async function updateMentorProfile(db: Executor, userId: string, change: MentorProfileChange): Promise<void> {
  await db
    .update(mentorProfiles)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(mentorProfiles.userId, userId));
}
