import type { LiveUserSession } from '../../context/ports';

/**
 * The mentor listing's rules (DESIGN.md §4 "Mentors, availability, slots"), as plain functions: which skill and
 * companies a listing is narrowed to, and how reviews weigh in the order. The repository builds its SQL from these.
 */

/** `skill` that lists mentors of every stack. */
export const ALL_SKILLS = 'all';

/** The stack name a listing is narrowed to, or undefined for `all` (in any case). */
export const skillFilter = (skill: string): string | undefined =>
  skill.trim().toLowerCase() === ALL_SKILLS ? undefined : skill.trim();

/**
 * A Bayesian mean: every mentor starts with PRIOR_REVIEWS imagined reviews of PRIOR_RATING, so one 5-star
 * review does not outrank forty 4.8s, and a mentor with no reviews sits at the prior (above mentors whose
 * reviews are poor).
 */
export const PRIOR_REVIEWS = 5;
export const PRIOR_RATING = 3.5;

/** The number the listing sorts by (descending), from the sum and count of a mentor's ratings. */
export function rankingWeight(ratingTotal: number, reviewCount: number): number {
  return (ratingTotal + PRIOR_REVIEWS * PRIOR_RATING) / (reviewCount + PRIOR_REVIEWS);
}

/** Comma-list filters: companies compare case-insensitively, so they are lower-cased once here. */
export const companiesFilter = (companies: readonly string[]): string[] => [
  ...new Set(companies.map((company) => company.toLowerCase())),
];

/** Who asks for a listing page: the signed-in user, or nobody. */
export type ListingCaller = Pick<LiveUserSession, 'id' | 'role'> | undefined;

/**
 * Left out of the listing: the `userId` the client sends, and the signed-in caller when a mentor; once each,
 * sorted (uuids compare in any case). Anyone else is never listed (the listing shows mentors only), so leaving
 * them out would change nothing: a signed-in reader who is not a mentor reads, and shares, the anonymous pages.
 */
export function excludedCallers(queryUserId: string | undefined, caller: ListingCaller): string[] {
  const listable = caller?.role === 'mentor';
  // The web client names its own reader in `userId` too.
  const namesTheReader = caller !== undefined && queryUserId?.toLowerCase() === caller.id.toLowerCase();
  const ids = [namesTheReader && !listable ? undefined : queryUserId, listable ? caller.id : undefined];
  return [
    ...new Set(ids.filter((id): id is string => id !== undefined).map((id) => id.toLowerCase())),
  ].sort();
}
