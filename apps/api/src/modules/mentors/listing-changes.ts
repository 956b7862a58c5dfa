import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The channel every api process's listing cache hears (listing-cache.ts). The triggers of migrations 0010 and
 * 0026 notify it with an empty payload on any change that can alter a card or the set of listed mentors
 * (mentor_profiles, mentor_availability, mentor_skills, mentor_booking_settings rows, a user's name, avatar,
 * role or blocked_at, a stack's name): every kept answer goes. A booking that takes or frees time notifies it
 * with the people whose time changed (`timeChangePayload`): only the answers that show one of them go.
 */
export const MENTOR_LISTING_CHANNEL = 'mentor_listing_changed';

const TIME_CHANGE_PREFIX = 'time:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payload that says the booked time of `userIds` (a booking's mentor and mentee) changed. */
export const timeChangePayload = (userIds: readonly string[]): string =>
  `${TIME_CHANGE_PREFIX}${userIds.join(',')}`;

/** The notification of a time change of `people`, to send in the transaction that made it (delivered at commit). */
export const notifyTimeChange = (people: readonly string[]): SQL =>
  sql`pg_notify(${MENTOR_LISTING_CHANNEL}, ${timeChangePayload(people)})`;

/**
 * The same notification written from a row's columns, so a hold's insert announces itself in its own
 * statement. The channel and the prefix are our constants, written into the SQL as literals.
 */
export const notifyTimeChangeOf = (mentorId: Column, menteeId: Column): SQL =>
  sql`pg_notify(${sql.raw(`'${MENTOR_LISTING_CHANNEL}'`)}, ${sql.raw(`'${TIME_CHANGE_PREFIX}'`)} || ${mentorId} || ',' || ${menteeId})`;

/**
 * The people of a time change; undefined for any other payload (a trigger's empty one, or anything not
 * understood), after which everything must go.
 */
export function peopleOfTimeChange(payload: string): string[] | undefined {
  if (!payload.startsWith(TIME_CHANGE_PREFIX)) return undefined;
  const people = payload.slice(TIME_CHANGE_PREFIX.length).split(',');
  return people.every((id) => UUID.test(id)) ? people : undefined;
}
