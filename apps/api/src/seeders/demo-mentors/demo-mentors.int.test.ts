import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalTimezone,
  AVAILABILITY_DAYS_AHEAD,
  SLOT_START_HOURS,
} from '@skillroute/shared/availability';
import { bioSchema, companiesSchema, headlineSchema, languagesSchema } from '@skillroute/shared/mentors';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { mentorAvailability, mentorProfiles, mentorSkills, users } from '../../db/schema';
import { runSeeders } from '../../db/seed';
import { demoSeeders } from '../../seeders';
import { createDemoAssessmentsSeeder } from '../demo-assessments/seeder';
import { existingMentorListings, listedDemoMentors } from './mentors';
import { createDemoMentorsSeeder, demoMentorEmail } from './seeder';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  expect(await runSeeders(t.app.db, [createDemoAssessmentsSeeder(), createDemoMentorsSeeder()])).toEqual([
    'demo-assessments',
    'demo-mentors',
  ]);
});
afterAll(() => t.close());

/** Every demo mentor with their profile and availability. */
const listedRows = () =>
  t.app.db
    .select({
      name: users.name,
      role: users.role,
      passwordHash: users.passwordHash,
      verifiedAt: users.verifiedAt,
      profile: mentorProfiles,
      availability: mentorAvailability,
    })
    .from(users)
    .innerJoin(mentorProfiles, eq(mentorProfiles.userId, users.id))
    .innerJoin(mentorAvailability, eq(mentorAvailability.userId, users.id))
    .where(like(users.email, '%@skillroute.invalid'));

const tableSizes = async () => ({
  users: (await t.app.db.select({ n: count() }).from(users))[0]?.n,
  profiles: (await t.app.db.select({ n: count() }).from(mentorProfiles))[0]?.n,
  skills: (await t.app.db.select({ n: count() }).from(mentorSkills))[0]?.n,
  availability: (await t.app.db.select({ n: count() }).from(mentorAvailability))[0]?.n,
});

describe('the demo mentors seeder', () => {
  it('is seeded at start-up, after the demo assessments whose mentors and stacks it reads', () => {
    const names = demoSeeders.map((seeder) => seeder.name);
    expect(names.indexOf('demo-mentors')).toBeGreaterThan(names.indexOf('demo-assessments'));
    expect(names.indexOf('demo-assessments')).toBeGreaterThanOrEqual(0);
  });

  it('lists at least 24 mentors, each offering hours at a valid price and zone', async () => {
    const rows = await listedRows();
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(rows).toHaveLength(existingMentorListings.length + listedDemoMentors.length);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    const today = new Date().toISOString().slice(0, 10);
    const horizon = new Date(Date.now() + AVAILABILITY_DAYS_AHEAD * 24 * 3_600_000)
      .toISOString()
      .slice(0, 10);
    for (const { name, role, passwordHash, verifiedAt, profile, availability } of rows) {
      expect({ role, passwordHash, verified: verifiedAt !== null }, name).toEqual({
        role: 'mentor',
        passwordHash: null,
        verified: true,
      });
      expect(availability.hasHours, name).toBe(true);
      expect(canonicalTimezone(availability.timezone), name).toBe(availability.timezone);
      expect(availability.pricePerSession % 10_000, name).toBe(0);
      expect(availability.pricePerSession, name).toBeGreaterThanOrEqual(50_000);
      expect(availability.pricePerSession, name).toBeLessThanOrEqual(300_000);
      for (const hours of [
        ...Object.values(availability.weeklyHours),
        ...availability.overrides.map((override) => override.hours),
      ]) {
        for (const hour of hours) expect(SLOT_START_HOURS, name).toContain(hour);
      }
      for (const override of availability.overrides) {
        expect(override.date > today, name).toBe(true);
        expect(override.date <= horizon, name).toBe(true);
      }
      // Only real bookings and reviews count.
      expect(
        {
          ratingTotal: profile.ratingTotal,
          reviewCount: profile.reviewCount,
          sessionsHeld: profile.sessionsHeld,
        },
        name,
      ).toEqual({ ratingTotal: 0, reviewCount: 0, sessionsHeld: 0 });
      expect(profile.searchText, name).toContain(name.toLowerCase());
    }
    expect(rows.some((row) => row.availability.overrides.length > 0)).toBe(true);
    expect(new Set(rows.map((row) => row.availability.timezone)).size).toBeGreaterThanOrEqual(5);
  });

  it('writes profiles the profile rules accept, each with its own texts', () => {
    for (const mentor of listedDemoMentors) {
      for (const [field, schema, value] of [
        ['headline', headlineSchema, mentor.headline],
        ['bio', bioSchema, mentor.bio],
        ['languages', languagesSchema, mentor.languages],
        ['companies', companiesSchema, mentor.companies],
      ] as const) {
        expect(schema.safeParse(value).success, `${mentor.name}: ${field}`).toBe(true);
      }
      expect(mentor.expirience, mentor.name).toBeGreaterThanOrEqual(1);
      expect(mentor.expirience, mentor.name).toBeLessThanOrEqual(15);
      expect(mentor.availability.priceRupees % 100, mentor.name).toBe(0);
    }
    expect(new Set(listedDemoMentors.map((mentor) => mentor.bio)).size).toBe(listedDemoMentors.length);
    expect(new Set(listedDemoMentors.map((mentor) => mentor.headline)).size).toBe(listedDemoMentors.length);
    expect(new Set(listedDemoMentors.map(demoMentorEmail)).size).toBe(listedDemoMentors.length);
  });

  it('gives the demo assessments mentors their companies', async () => {
    for (const listing of existingMentorListings) {
      const [row] = await t.app.db
        .select({ companies: mentorProfiles.companies })
        .from(mentorProfiles)
        .innerJoin(users, eq(users.id, mentorProfiles.userId))
        .where(eq(users.email, listing.email));
      expect(row, listing.email).toEqual({ companies: listing.companies });
    }
  });

  it('shows a new mentor with their skills in order', async () => {
    const mentor = listedDemoMentors.find((listed) => listed.skills.length > 1)!;
    const [user] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoMentorEmail(mentor)));
    const details = await t.app.inject({ method: 'GET', url: `/api/mentor/details/${user!.id}` });
    expect(details.statusCode).toBe(200);
    expect(details.json().mentor).toMatchObject({
      name: mentor.name,
      headline: mentor.headline,
      companies: mentor.companies,
      assessedSkills: mentor.skills,
    });
  });

  it('fills the mentor listing: every demo mentor is listed, and a filter narrows them', async () => {
    const everyone = await t.app.inject({ method: 'GET', url: '/api/mentor/all?limit=50' });
    expect(everyone.statusCode).toBe(200);
    const cards = everyone.json<{ mentors: { name: string; nextFreeSlot: unknown }[] }>().mentors;
    const names = cards.map((card) => card.name);
    // Every demo mentor offers hours within days, so every card shows when they are next free.
    for (const card of cards) expect(card.nextFreeSlot, card.name).not.toBeNull();
    for (const mentor of listedDemoMentors) expect(names).toContain(mentor.name);
    expect(names).toEqual(expect.arrayContaining(['Priya', 'Arjun', 'Meera', 'Daniel']));

    const pythonInHindi = await t.app.inject({
      method: 'GET',
      url: '/api/mentor/python?languages=hindi&limit=50',
    });
    const expected = listedDemoMentors
      .filter((mentor) => mentor.skills.includes('Python') && mentor.languages.includes('hindi'))
      .map((mentor) => mentor.name);
    expect(
      pythonInHindi
        .json<{ mentors: { name: string }[] }>()
        .mentors.map((mentor) => mentor.name)
        .sort(),
    ).toEqual(expected.sort());
  });

  it('gives every demo mentor an availability the availability routes read back, with free slots in the next two weeks', async () => {
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 14 * 24 * 3_600_000).toISOString();
    for (const { name, availability } of await listedRows()) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/mentors/availability/${availability.userId}`,
      });
      expect(read.statusCode, name).toBe(200);
      expect(read.json(), name).toMatchObject({
        timezone: availability.timezone,
        pricePerSession: availability.pricePerSession / 100,
      });
      const slots = await t.app.inject({
        method: 'GET',
        url: `/api/mentors/availability/${availability.userId}/slots?from=${from}&to=${to}`,
      });
      expect(slots.statusCode, name).toBe(200);
      expect(slots.json<{ slots: unknown[] }>().slots.length, name).toBeGreaterThan(0);
    }
  });

  it('runs once, and writes nothing twice if run again', async () => {
    const before = await tableSizes();
    expect(await runSeeders(t.app.db, [createDemoAssessmentsSeeder(), createDemoMentorsSeeder()])).toEqual(
      [],
    );
    // Past the seed_runs guard, straight into the seeder: its own conflict handling keeps the rows single.
    await t.app.db.transaction((tx) => createDemoMentorsSeeder().run(tx));
    expect(await tableSizes()).toEqual(before);
  });
});
