import { sql, type Column, type SQL } from 'drizzle-orm';
import type { TimeChange } from '../../context/ports';

/**
 * The channel every api process's listing cache hears (listing-cache.ts). The triggers of migrations 0010 and
 * 0026 notify it with an empty payload on any change that can alter a card or the set of listed mentors
 * (mentor_profiles, mentor_availability, mentor_skills, mentor_booking_settings rows, a user's name, avatar,
 * role or blocked_at, a stack's name): every kept answer goes. A booking that takes or frees time notifies it
 * with the people whose time changed and from when (`timeChangePayload`): only the answers whose shown time that
 * can alter go.
 */
export const MENTOR_LISTING_CHANNEL = 'mentor_listing_changed';

const TIME_CHANGE_PREFIX = 'time:';
const EPOCH_MS = /^\d{1,15}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * PostgreSQL refuses a payload of 8,000 bytes or more (and with it the transaction that sent it). A change of
 * more people than fit, such as a sweep of 200 lapsed holds, is announced as a change of everything.
 */
const PAYLOAD_LIMIT = 7_900;

/** `time:<from>:<id>,<id>…`, or the empty payload (everything changed) when it would not fit. */
export function timeChangePayload(change: TimeChange): string {
  const payload = `${TIME_CHANGE_PREFIX}${change.from}:${change.people.join(',')}`;
  return payload.length < PAYLOAD_LIMIT ? payload : '';
}

/** The notification of a time change, to send in the transaction that made it (delivered at commit). */
export const notifyTimeChange = (change: TimeChange): SQL =>
  sql`pg_notify(${MENTOR_LISTING_CHANNEL}, ${timeChangePayload(change)})`;

/**
 * The same notification written from a row's columns, so a hold's insert announces itself in its own
 * statement. The channel and the prefix are our constants, written into the SQL as literals.
 */
export const notifyTimeChangeOf = (mentorId: Column, menteeId: Column, startTime: Column): SQL =>
  sql`pg_notify(${sql.raw(`'${MENTOR_LISTING_CHANNEL}'`)}, ${sql.raw(`'${TIME_CHANGE_PREFIX}'`)} || (extract(epoch from ${startTime}) * 1000)::bigint || ':' || ${mentorId} || ',' || ${menteeId})`;

/**
 * The time change a payload tells of; undefined for any other payload (a trigger's empty one, or anything not
 * understood), after which everything must go.
 */
export function timeChangeOf(payload: string): TimeChange | undefined {
  if (!payload.startsWith(TIME_CHANGE_PREFIX)) return undefined;
  const rest = payload.slice(TIME_CHANGE_PREFIX.length);
  const colon = rest.indexOf(':');
  const from = rest.slice(0, colon);
  const people = rest.slice(colon + 1).split(',');
  if (!EPOCH_MS.test(from) || !people.every((id) => UUID.test(id))) return undefined;
  return { people, from: Number(from) };
}

/** Whether `change` can alter an answer showing `timeShown` (`CachedAnswer.timeShown`). */
export function changeAlters(change: TimeChange, timeShown: ReadonlyMap<string, number>): boolean {
  return change.people.some((person) => change.from < (timeShown.get(person) ?? -Infinity));
}
