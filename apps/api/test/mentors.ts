import { randomUUID } from 'node:crypto';
import type { Executor } from '../src/db/client';
import {
  mentorAvailability,
  mentorProfiles,
  mentorSkills,
  stacks,
  type StoredDateOverride,
  type StoredWeeklyHours,
} from '../src/db/schema';
import { createUser } from './accounts';

/** A stack row by name (the listing's `skill`), without questions. */
export async function createStack(db: Executor, name: string): Promise<string> {
  const [row] = await db.insert(stacks).values({ name }).returning({ id: stacks.id });
  if (row === undefined) throw new Error('no stack row');
  return row.id;
}

export interface MentorSeed {
  name?: string;
  email?: string;
  password?: string;
  blocked?: boolean;
  /** A user who is not (or no longer) a mentor, though the profile row is there. */
  role?: 'user' | 'mentor';
  headline?: string;
  bio?: string;
  expirience?: number;
  languages?: string[];
  companies?: string[];
  /** Stack ids, assessed in this order. */
  skills?: string[];
  ratingTotal?: number;
  reviewCount?: number;
  sessionsHeld?: number;
  createdAt?: Date;
  /** The availability row: null for none; `hasHours` false for a row that offers no hour. */
  availability?: {
    pricePaise?: number;
    timezone?: string;
    weeklyHours?: StoredWeeklyHours;
    overrides?: StoredDateOverride[];
    hasHours?: boolean;
  } | null;
}

/**
 * A mentor as the listing sees one, written straight into the tables (user, profile, skills, availability),
 * without the assessment a real mentor passes. Returns the user id.
 */
export async function createMentor(db: Executor, seed: MentorSeed = {}): Promise<string> {
  const user = await createUser(db, {
    email: seed.email ?? `mentor-${randomUUID()}@example.org`,
    password: seed.password,
    name: seed.name ?? 'Mentor Tester',
    blocked: seed.blocked,
    role: seed.role ?? 'mentor',
  });
  await db.insert(mentorProfiles).values({
    userId: user.id,
    headline: seed.headline ?? 'Engineer who likes teaching',
    bio: seed.bio ?? 'Years of building things for the web, and happy to help others do the same.',
    expirience: seed.expirience ?? 5,
    languages: seed.languages ?? ['english'],
    linkedinUrl: 'https://www.linkedin.com/in/someone',
    githubUrl: 'https://github.com/someone',
    companies: seed.companies ?? [],
    ratingTotal: seed.ratingTotal ?? 0,
    reviewCount: seed.reviewCount ?? 0,
    sessionsHeld: seed.sessionsHeld ?? 0,
    ...(seed.createdAt === undefined ? {} : { createdAt: seed.createdAt }),
  });
  let assessedAt = Date.now() - 60_000;
  for (const stackId of seed.skills ?? [])
    await db
      .insert(mentorSkills)
      .values({ userId: user.id, stackId, assessedAt: new Date((assessedAt += 1000)) });
  if (seed.availability !== null) {
    const availability = seed.availability ?? {};
    const hasHours = availability.hasHours ?? true;
    await db.insert(mentorAvailability).values({
      userId: user.id,
      timezone: availability.timezone ?? 'Asia/Kolkata',
      pricePerSession: availability.pricePaise ?? 150_000,
      weeklyHours: availability.weeklyHours ?? (hasHours ? { monday: [10, 11], wednesday: [14] } : {}),
      overrides: availability.overrides ?? [],
      hasHours,
    });
  }
  return user.id;
}
