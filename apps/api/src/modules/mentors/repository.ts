import { and, arrayOverlaps, asc, desc, eq, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { MentorProfile, MentorProfileChange } from '@skillroute/shared/mentors';
import { preparedPer, type Executor } from '../../db/client';
import { containsPattern } from '../../lib/like-pattern';
import { pageWindow } from '../../lib/paging';
import { DEFAULT_TIMEZONE } from '@skillroute/shared/availability';
import { paiseToRupees } from '@skillroute/shared/money';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from '@skillroute/shared/booking-settings';
import {
  mentorAvailability,
  mentorBookingSettings,
  mentorProfiles,
  mentorSkills,
  stacks,
  users,
  type MentorAvailabilityRow,
} from '../../db/schema';
import { PRIOR_RATING, PRIOR_REVIEWS, companiesFilter } from './rules';

export interface NewMentorProfile {
  headline: string;
  bio: string;
  expirience: number;
  languages: string[];
  linkedinUrl: string;
  githubUrl: string;
}

/** The mentor's assessed skills (stack names in the order they passed them), aggregated in the same query (the profile's and the listing's). */
const assessedSkillsSql = sql<string[]>`coalesce((
  select array_agg(${stacks.name}::text order by ${mentorSkills.assessedAt}, ${stacks.name})
  from ${mentorSkills} inner join ${stacks} on ${stacks.id} = ${mentorSkills.stackId}
  where ${mentorSkills.userId} = ${mentorProfiles.userId}
), '{}')`;

/** A mentor's profile with their assessed skills; undefined for anyone who is not a mentor, or is blocked. */
export async function findMentorProfile(
  db: Executor,
  userId: string,
): Promise<(Omit<MentorProfile, 'email'> & { email: string }) | undefined> {
  const [row] = await mentorProfileOf(db).execute({ userId });
  if (row === undefined || row.role !== 'mentor') return undefined;
  const { ratingTotal, pricePaise, timezone, assessedSkills, ...profile } = row;
  return {
    ...profile,
    role: 'mentor',
    assessedSkills,
    pricePerSession: pricePaise === null ? null : paiseToRupees(pricePaise),
    timezone: timezone ?? DEFAULT_TIMEZONE,
    rating: meanRating(ratingTotal, profile.reviewCount),
  };
}

/** `findMentorProfile`'s one statement, with the skills: every profile page reads it. */
const mentorProfileOf = preparedPer((db) =>
  db
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
      assessedSkills: assessedSkillsSql,
    })
    .from(users)
    .innerJoin(mentorProfiles, eq(mentorProfiles.userId, users.id))
    .leftJoin(mentorAvailability, eq(mentorAvailability.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.blockedAt)))
    .prepare('mentor_profile'),
);

/** The mean of the review ratings to one decimal; null before the first review. */
export const meanRating = (ratingTotal: number, reviewCount: number): number | null =>
  reviewCount === 0 ? null : Math.round((ratingTotal / reviewCount) * 10) / 10;

/**
 * Makes a user a mentor with a profile and one more assessed skill. A second skill keeps the profile the
 * mentor already has (they may have edited it since); the new skill is added either way.
 */
export async function addMentorSkill(
  tx: Executor,
  userId: string,
  stackId: string,
  testId: string,
  profile: NewMentorProfile,
): Promise<void> {
  await tx.update(users).set({ role: 'mentor' }).where(eq(users.id, userId));
  await tx
    .insert(mentorProfiles)
    .values({ userId, ...profile })
    .onConflictDoNothing({ target: mentorProfiles.userId });
  await tx.insert(mentorSkills).values({ userId, stackId, testId }).onConflictDoNothing();
}

export async function updateMentorProfile(
  db: Executor,
  userId: string,
  change: MentorProfileChange,
): Promise<void> {
  await db
    .update(mentorProfiles)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(mentorProfiles.userId, userId));
}

/** What the listing narrows to; every part optional. */
export interface MentorListFilter {
  /** A stack name, compared case-insensitively (stacks.name is citext); undefined for every stack. */
  skill?: string;
  /** Left out of the list: the caller (by `userId` and by session). */
  excludeUserIds?: string[];
  /** Minimum years of experience. */
  minExperience?: number;
  /** Any of these languages. */
  languages?: string[];
  /** Any of these companies, case-insensitively. */
  companies?: string[];
  /** The person's search text as typed; matched against name, headline, bio and companies. */
  search?: string;
  /** Stack names whose assessed mentors come first (a topic's "Find a mentor for …"); the order is otherwise kept. */
  preferStacks?: string[];
  page: number;
  limit: number;
}

/** A listed mentor as the query finds them: the card's facts and the availability row for the next slot. */
export interface MentorListRow {
  id: string;
  name: string;
  avatar: string | null;
  headline: string;
  expirience: number;
  languages: string[];
  assessedSkills: string[];
  companies: string[];
  ratingTotal: number;
  reviewCount: number;
  sessionsHeld: number;
  createdAt: Date;
  availability: MentorAvailabilityRow;
  /** The mentor's booking settings (the defaults until they save), which the next free slot honours. */
  bookingSettings: BookingSettings;
}

/** The sort key of the listing in SQL: rules.rankingWeight, from the same constants. */
const rankingWeightSql = sql<number>`((${mentorProfiles.ratingTotal} + ${sql.raw(String(PRIOR_REVIEWS * PRIOR_RATING))})::float8 / (${mentorProfiles.reviewCount} + ${sql.raw(String(PRIOR_REVIEWS))}))`;

/** Mentors who passed the test of one of `names` first (stacks.name is citext: any case), when there are any. */
function preferredFirst(names: readonly string[] | undefined): SQL[] {
  if (names === undefined || names.length === 0) return [];
  return [
    desc(sql`exists (
      select 1 from ${mentorSkills} inner join ${stacks} on ${stacks.id} = ${mentorSkills.stackId}
      where ${mentorSkills.userId} = ${mentorProfiles.userId} and ${stacks.name} = any(${sql.param([...names])}::citext[])
    )`),
  ];
}

function listConditions(filter: MentorListFilter): SQL[] {
  const conditions: SQL[] = [
    eq(users.role, 'mentor'),
    isNull(users.blockedAt),
    // Off the listing for their no-shows until an admin restores them (bookings/no-shows.ts).
    isNull(mentorProfiles.hiddenForNoShowsAt),
    eq(mentorAvailability.hasHours, true),
  ];
  for (const id of new Set(filter.excludeUserIds ?? [])) conditions.push(ne(mentorProfiles.userId, id));
  if (filter.skill !== undefined) {
    conditions.push(sql`exists (
      select 1 from ${mentorSkills} inner join ${stacks} on ${stacks.id} = ${mentorSkills.stackId}
      where ${mentorSkills.userId} = ${mentorProfiles.userId} and ${stacks.name} = ${filter.skill}
    )`);
  }
  if (filter.minExperience !== undefined)
    conditions.push(gte(mentorProfiles.expirience, filter.minExperience));
  if (filter.languages !== undefined && filter.languages.length > 0)
    conditions.push(arrayOverlaps(mentorProfiles.languages, filter.languages));
  if (filter.companies !== undefined && filter.companies.length > 0) {
    const wanted = companiesFilter(filter.companies);
    conditions.push(
      sql`exists (select 1 from unnest(${mentorProfiles.companies}) as company(name) where lower(company.name) = any(${sql.param(wanted)}::text[]))`,
    );
  }
  if (filter.search !== undefined && filter.search !== '') {
    // LIKE on the trigger-kept, lower-cased text; the pattern is lower-cased by PostgreSQL's lower(), the function
    // the trigger uses, so both sides fold case alike (JavaScript's toLowerCase differs on some letters, e.g. "İ").
    // lower() of a parameter is folded to a constant when the statement is planned with its values
    // (node-postgres' unnamed statements are), so the trigram index answers it.
    conditions.push(sql`${mentorProfiles.searchText} like lower(${containsPattern(filter.search)})`);
  }
  return conditions;
}

/**
 * `GET /api/mentor/:skill`: one page of the listed mentors and how many match in all, in one query
 * (`count(*) over ()`), plus a count when the page is past the end. Listed: mentors, not blocked, with an
 * availability row that offers hours. Ordered by the Bayesian rating (rules.rankingWeight), then sessions
 * held, then newest mentor, then id. Exported for the benchmark, which shows its plan.
 */
export async function listMentors(
  db: Executor,
  filter: MentorListFilter,
): Promise<{ rows: MentorListRow[]; total: number }> {
  const where = and(...listConditions(filter));
  const found = await db
    .select({
      id: users.id,
      name: users.name,
      avatar: users.avatar,
      headline: mentorProfiles.headline,
      expirience: mentorProfiles.expirience,
      languages: mentorProfiles.languages,
      assessedSkills: assessedSkillsSql,
      companies: mentorProfiles.companies,
      ratingTotal: mentorProfiles.ratingTotal,
      reviewCount: mentorProfiles.reviewCount,
      sessionsHeld: mentorProfiles.sessionsHeld,
      createdAt: mentorProfiles.createdAt,
      availability: mentorAvailability,
      bookingSettings: {
        minimumNoticeHours: mentorBookingSettings.minimumNoticeHours,
        bufferMinutes: mentorBookingSettings.bufferMinutes,
        maxSessionsPerDay: mentorBookingSettings.maxSessionsPerDay,
      },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .innerJoin(mentorAvailability, eq(mentorAvailability.userId, mentorProfiles.userId))
    .leftJoin(mentorBookingSettings, eq(mentorBookingSettings.userId, mentorProfiles.userId))
    .where(where)
    .orderBy(
      ...preferredFirst(filter.preferStacks),
      desc(rankingWeightSql),
      desc(mentorProfiles.sessionsHeld),
      desc(mentorProfiles.createdAt),
      asc(mentorProfiles.userId),
    )
    .limit(filter.limit)
    .offset(pageWindow(filter.page, filter.limit).offset);
  const rows = found.map(({ total: _total, bookingSettings, ...row }) => ({
    ...row,
    // The table's checks keep the buffer one of the choices.
    bookingSettings: (bookingSettings as BookingSettings | null) ?? DEFAULT_BOOKING_SETTINGS,
  }));
  if (found[0] !== undefined) return { rows, total: found[0].total };
  if (filter.page === 1) return { rows, total: 0 };
  // Past the last page: no row carries the count, so ask for it.
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .innerJoin(mentorAvailability, eq(mentorAvailability.userId, mentorProfiles.userId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}
