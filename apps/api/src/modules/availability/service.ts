import {
  AVAILABILITY_DAYS_AHEAD,
  BOOKING_HORIZON_DAYS,
  availabilityMessages,
  DEFAULT_TIMEZONE,
  emptyWeeklySchedule,
  type Availability,
  type AvailabilityBody,
  type FreeSlot,
  slotsResponseSchema,
  type SlotsResponse,
} from '@skillroute/shared/availability';
import {
  bookingSettingsMessages,
  DEFAULT_BOOKING_SETTINGS,
  type BookingSettings,
} from '@skillroute/shared/booking-settings';
import { mentorMessages } from '@skillroute/shared/mentors';
import type { ServiceContext, UserContext } from '../../context/service-context';
import type { Executor } from '../../db/client';
import type { MentorAvailabilityRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CachedAnswer, SerializedBody } from '../../lib/serialized-body';
import { paiseToRupees, rupeesToPaise } from '@skillroute/shared/money';
import { busyTimes } from '../bookings/service';
import * as repository from './repository';
import {
  offersHours,
  overrideDateProblems,
  todayIn,
  toStoredOverrides,
  toStoredWeek,
  toWireOverrides,
  toWireWeek,
} from './rules';
import {
  DEFAULT_SLOT_RULES,
  freeSlots,
  rulesReach,
  slotRefusal,
  slotRulesOf,
  slotWindowProblem,
  type BusyTime,
  type Slot,
  type SlotRules,
} from './slots';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const windowMessages = {
  reversed: availabilityMessages.windowReversed,
  too_long: availabilityMessages.windowTooLong,
  beyond_horizon: availabilityMessages.windowBeyondHorizon,
} as const;

/** A saved row (or none yet) as the wire shows it, with the overrides still ahead in the mentor's zone. */
function toAvailability(mentorId: string, row: MentorAvailabilityRow | null, now: Date): Availability {
  if (row === null)
    return {
      mentorId,
      weeklySchedule: emptyWeeklySchedule(),
      pricePerSession: null,
      timezone: DEFAULT_TIMEZONE,
      overrides: [],
    };
  return {
    mentorId,
    weeklySchedule: toWireWeek(row.weeklyHours),
    pricePerSession: paiseToRupees(row.pricePerSession),
    timezone: row.timezone,
    overrides: toWireOverrides(row.overrides, todayIn(now, row.timezone)),
  };
}

/**
 * A mentor with their availability and booking settings, as the listing cache keeps it (`readValue`): the holds
 * and the free slots of a mentor read it over and over, and every column of it is watched by the listing's
 * triggers. What changes it in this process drops it at once; elsewhere, once heard.
 */
const keptOwner = (ctx: ServiceContext, mentorId: string) =>
  ctx.mentorListingCache.readValue(`owner:${mentorId}`, () =>
    repository.findAvailabilityOwner(ctx.db, mentorId),
  );

async function ownerOrNotFound(ctx: ServiceContext, mentorId: string): Promise<repository.AvailabilityOwner> {
  const owner = await keptOwner(ctx, mentorId);
  if (owner === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  return owner;
}

/** `GET /api/mentors/availability/:mentorId`: public, so a visitor's page can show the zone and price. */
export async function getAvailability(ctx: ServiceContext, mentorId: string): Promise<Availability> {
  const owner = await ownerOrNotFound(ctx, mentorId);
  return toAvailability(mentorId, owner.availability, ctx.clock.now());
}

/** `PUT /api/mentors/availability`: a mentor sets their own week, rate, zone and date overrides. */
export async function updateAvailability(ctx: UserContext, body: AvailabilityBody): Promise<Availability> {
  const callerId = ctx.user.id;
  if (body.mentorId !== callerId) throw new AppError('forbidden', availabilityMessages.notYourAvailability);
  const owner = await repository.findAvailabilityOwner(ctx.db, callerId);
  if (owner === undefined) throw new AppError('forbidden', availabilityMessages.notAMentor);
  const now = ctx.clock.now();
  const timezone = body.timezone ?? owner.availability?.timezone ?? DEFAULT_TIMEZONE;
  const overrides = body.overrides ?? [];
  const problems = overrideDateProblems(overrides, todayIn(now, timezone));
  if (problems.length > 0) throw new AppError('bad_request', problems[0]!.message, problems);
  const weeklyHours = toStoredWeek(body.weeklySchedule);
  const storedOverrides = toStoredOverrides(overrides);
  const row = await repository.upsertAvailability(ctx.db, {
    userId: callerId,
    timezone,
    pricePerSession: rupeesToPaise(body.pricePerSession),
    weeklyHours,
    overrides: storedOverrides,
    hasHours: offersHours(weeklyHours, storedOverrides),
  });
  // The trigger's notification reaches every process's listing cache, this one a moment later; this one at once.
  ctx.mentorListingCache.forgetAll();
  return toAvailability(callerId, row, now);
}

/** `GET /api/mentors/booking-settings`: the signed-in mentor's own (the defaults until they save). */
export async function getBookingSettings(ctx: UserContext): Promise<BookingSettings> {
  const owner = await repository.findAvailabilityOwner(ctx.db, ctx.user.id);
  if (owner === undefined) throw new AppError('forbidden', bookingSettingsMessages.notAMentor);
  return owner.bookingSettings;
}

/** `PUT /api/mentors/booking-settings`: the signed-in mentor sets their own; free slots follow at once. */
export async function updateBookingSettings(
  ctx: UserContext,
  settings: BookingSettings,
): Promise<BookingSettings> {
  const owner = await repository.findAvailabilityOwner(ctx.db, ctx.user.id);
  if (owner === undefined) throw new AppError('forbidden', bookingSettingsMessages.notAMentor);
  const saved = await repository.upsertBookingSettings(ctx.db, owner.userId, settings);
  // The table's trigger tells every process's cache (slots, listing); this one at once.
  ctx.mentorListingCache.forgetAll();
  return saved;
}

const toFreeSlot = (slot: Slot): FreeSlot => ({
  startTime: new Date(slot.start).toISOString(),
  endTime: new Date(slot.end).toISOString(),
});

/** How long a mentor's free slots are served from memory at most, whatever was or was not heard. */
const SLOTS_MAX_AGE_MS = 60_000;

/**
 * Free slots stay true until a change is heard (bookings, availability, booking settings and profile changes
 * reach the mentor listing cache, which keeps these too) or until the first of them stops being bookable (its
 * start minus the mentor's notice), after which the answer would start later.
 */
const slotsAnswer = (mentorId: string, noticeMs: () => number): CachedAnswer<SlotsResponse> => ({
  schema: slotsResponseSchema,
  url: '/api/mentors/availability/:mentorId/slots',
  // The mentor's own time, as a mentor and as anyone's mentee; any change of it may move a slot.
  timeShown: () => new Map([[mentorId, Infinity]]),
  expiresAt(storedAt, body) {
    const first = body.slots[0];
    return Math.min(
      storedAt + SLOTS_MAX_AGE_MS,
      first === undefined ? Infinity : Date.parse(first.startTime) - noticeMs(),
    );
  },
});

/**
 * `GET /api/mentors/availability/:mentorId/slots`: the free one-hour slots in [from, to) as UTC instants,
 * serialized once per mentor and window while nothing changes (the profile page asks from the start of the
 * hour, so its visitors share an answer).
 */
export async function readSlots(
  ctx: ServiceContext,
  input: { mentorId: string; from: number; to: number },
): Promise<SerializedBody> {
  const { mentorId, from, to } = input;
  const problem = slotWindowProblem(from, to, ctx.clock.now().getTime());
  if (problem !== undefined)
    throw new AppError('bad_request', windowMessages[problem], [
      { message: windowMessages[problem], field: 'to' },
    ]);
  // The cache asks for the expiry right after this read's own load, which learned the mentor's notice.
  let noticeMs = DEFAULT_SLOT_RULES.noticeMs;
  return ctx.mentorListingCache.readAnswer(
    `slots:${mentorId}:${from}:${to}`,
    slotsAnswer(mentorId, () => noticeMs),
    async () => {
      const listed = await listSlots(ctx, mentorId, from, to);
      noticeMs = listed.rules.noticeMs;
      return listed.answer;
    },
  );
}

/** The mentor's busy time over what the rules read for [from, to) (rulesReach), through `db` at `now`. */
async function busyForRules(
  db: Executor,
  input: {
    mentorId: string;
    timezone: string;
    rules: SlotRules;
    from: number;
    to: number;
    now: Date;
    except?: string;
  },
): Promise<BusyTime[]> {
  const { mentorId, timezone, rules, from, to, now, except } = input;
  const reach = rulesReach(from, to, timezone, rules.bufferMs);
  const busy = await busyTimes(db, {
    userIds: [mentorId],
    from: new Date(reach.start),
    to: new Date(reach.end),
    now,
    except,
  });
  return busy.get(mentorId) ?? [];
}

async function listSlots(
  ctx: ServiceContext,
  mentorId: string,
  from: number,
  to: number,
): Promise<{ answer: SlotsResponse; rules: SlotRules }> {
  const now = ctx.clock.now();
  const { availability, bookingSettings, hiddenForNoShowsAt } = await ownerOrNotFound(ctx, mentorId);
  const rules = slotRulesOf(bookingSettings);
  if (availability === null) return { answer: { timezone: DEFAULT_TIMEZONE, slots: [] }, rules };
  // Off the listing for their no-shows: nothing to book until an admin restores them.
  if (hiddenForNoShowsAt !== null) return { answer: { timezone: availability.timezone, slots: [] }, rules };
  const { timezone } = availability;
  // Time taken by the mentor's held (hold not lapsed) and confirmed bookings, as mentor or as someone's mentee,
  // over whole days of the mentor's zone (the daily limit) and a buffer beyond the window.
  const busy = await busyForRules(ctx.db, { mentorId, timezone, rules, from, to, now });
  const slots = freeSlots({
    weekly: availability.weeklyHours,
    overrides: availability.overrides,
    timezone,
    busy,
    now: now.getTime(),
    from,
    to,
    rules,
  });
  return { answer: { timezone, slots: slots.map(toFreeSlot) }, rules };
}

const refusalMessages = {
  notice: (settings: BookingSettings) => bookingSettingsMessages.tooSoon(settings.minimumNoticeHours),
  buffer: (settings: BookingSettings) => bookingSettingsMessages.withinBuffer(settings.bufferMinutes),
  day_full: (settings: BookingSettings) => bookingSettingsMessages.dayFull(settings.maxSessionsPerDay),
} as const;

/**
 * The mentor's notice alone, which needs no reading: the words of a 409, or undefined when the hour at `start` is
 * far enough ahead at `now`. A hold and a move ask it before any queue or transaction; the buffer and the daily
 * limit are weighed under their locks (`bookingSettingsRefusalGiven`). The same rule (slots.ts `slotRefusal`)
 * leaves such hours out of the free slots.
 */
export function noticeRefusal(
  mentor: repository.AvailabilityOwner,
  start: number,
  now: Date,
): string | undefined {
  if (mentor.availability === null) return undefined;
  const rules = slotRulesOf(mentor.bookingSettings);
  const query = { timezone: mentor.availability.timezone, rules, now: now.getTime() };
  return slotRefusal({ ...query, busy: [] }, start) === 'notice'
    ? refusalMessages.notice(mentor.bookingSettings)
    : undefined;
}

/**
 * The time whose bookings the mentor's settings weigh for the hour at `start` (rulesReach: the buffer either
 * side and the whole day in the mentor's zone); undefined for a mentor without a schedule.
 */
export function bookingSettingsReach(
  mentor: repository.AvailabilityOwner,
  start: number,
): { from: Date; to: Date } | undefined {
  if (mentor.availability === null) return undefined;
  const rules = slotRulesOf(mentor.bookingSettings);
  const reach = rulesReach(start, start + HOUR_MS, mentor.availability.timezone, rules.bufferMs);
  return { from: new Date(reach.start), to: new Date(reach.end) };
}

/**
 * Whether the mentor's booking settings let a session start at `start` at `now`, over their busy times already
 * read (over at least `bookingSettingsReach`; a booking reads them with the rest under its locks, in one
 * statement): the words of a 409, or undefined when they do.
 */
export function bookingSettingsRefusalGiven(
  mentor: repository.AvailabilityOwner,
  start: number,
  now: Date,
  busy: BusyTime[],
): string | undefined {
  if (mentor.availability === null) return undefined;
  const rules = slotRulesOf(mentor.bookingSettings);
  const refusal = slotRefusal(
    { timezone: mentor.availability.timezone, rules, now: now.getTime(), busy },
    start,
  );
  return refusal === undefined ? undefined : refusalMessages[refusal](mentor.bookingSettings);
}

/** How far ahead each step of `nextFreeSlot` looks: most mentors have a slot within the first week. */
const NEXT_SLOT_STEP_DAYS = 7;

/**
 * The window the listing reads the mentors' busy times over for `nextFreeSlot`: the AVAILABILITY_DAYS_AHEAD days
 * it looks in from `now`, and a day either side, so the daily limit sees the whole of today in any zone (and the
 * buffer the sessions just before and after).
 */
export const nextFreeSlotWindow = (now: Date): { from: Date; to: Date } => ({
  from: new Date(now.getTime() - DAY_MS - 2 * HOUR_MS),
  to: new Date(now.getTime() + (AVAILABILITY_DAYS_AHEAD + 1) * DAY_MS + 2 * HOUR_MS),
});

/**
 * The first free slot of a mentor's availability within the next AVAILABILITY_DAYS_AHEAD days, as their booking
 * settings leave them, or null; for the mentor listing. `busy` is the time the mentor's live bookings take
 * (over `nextFreeSlotWindow`). Looks a week at a time, so a mentor with a slot this week costs one week's work.
 */
export function nextFreeSlot(
  availability: MentorAvailabilityRow,
  now: Date,
  busy: readonly BusyTime[] = [],
  settings: BookingSettings = DEFAULT_BOOKING_SETTINGS,
): FreeSlot | null {
  if (!availability.hasHours) return null;
  const rules = slotRulesOf(settings);
  const nowMs = now.getTime();
  const end = nowMs + AVAILABILITY_DAYS_AHEAD * DAY_MS;
  for (let from = nowMs; ;) {
    const to = Math.min(end, from + NEXT_SLOT_STEP_DAYS * DAY_MS);
    const [first] = freeSlots({
      weekly: availability.weeklyHours,
      overrides: availability.overrides,
      timezone: availability.timezone,
      busy: [...busy],
      now: nowMs,
      from,
      to,
      rules,
    });
    if (first !== undefined) return toFreeSlot(first);
    if (to === end) return null;
    // The next step overlaps this one by an hour, so a slot across the boundary is not lost.
    from = to - HOUR_MS;
  }
}

/**
 * How many free slots the mentor has in the `days` days from `now`: their schedule as their booking settings
 * leave it, less the time their live bookings take, read through `db` (inside a unit of work, as it stands after
 * its change).
 */
export async function countFreeSlots(
  db: Executor,
  input: { mentor: repository.AvailabilityOwner; now: Date; days: number },
): Promise<number> {
  const { mentor, now, days } = input;
  if (mentor.availability === null || !mentor.availability.hasHours) return 0;
  const { timezone } = mentor.availability;
  const rules = slotRulesOf(mentor.bookingSettings);
  const from = now.getTime();
  const to = from + days * DAY_MS;
  const busy = await busyForRules(db, { mentorId: mentor.userId, timezone, rules, from, to, now });
  return freeSlots({
    weekly: mentor.availability.weeklyHours,
    overrides: mentor.availability.overrides,
    timezone,
    busy,
    now: from,
    from,
    to,
    rules,
  }).length;
}

/** The owner unless off the listing for their no-shows (the read itself leaves out non-mentors and the blocked). */
const bookable = (owner: repository.AvailabilityOwner | undefined) =>
  owner?.hiddenForNoShowsAt === null ? owner : undefined;

/**
 * A mentor one may book (a mentor, not blocked, not off the listing for their no-shows) with their saved
 * availability, or undefined.
 */
export async function findBookableMentor(
  db: Executor,
  mentorId: string,
): Promise<repository.AvailabilityOwner | undefined> {
  return bookable(await repository.findAvailabilityOwner(db, mentorId));
}

/** `findBookableMentor` through the listing cache, for a hold (the read before its transaction, decision 065). */
export async function readBookableMentor(
  ctx: ServiceContext,
  mentorId: string,
): Promise<repository.AvailabilityOwner | undefined> {
  return bookable(await keptOwner(ctx, mentorId));
}

/** A mentor (not blocked) whether or not they are listed now: their page and reviews stay readable. */
export const findMentorOwner = (
  db: Executor,
  mentorId: string,
): Promise<repository.AvailabilityOwner | undefined> => repository.findAvailabilityOwner(db, mentorId);

/**
 * Whether the hour starting at `start` is a slot of the mentor's schedule a booking may take at `now`: on the
 * week or an override, not yet begun (and, given the mentor's booking settings, past their notice), within the
 * booking horizon. Time taken by bookings is not considered here, nor the notice when no settings are given
 * (a booking tells those apart: 409, not 400).
 */
export function isScheduledSlot(
  availability: MentorAvailabilityRow,
  start: number,
  now: Date,
  settings?: BookingSettings,
): boolean {
  const noticeMs = settings === undefined ? 0 : slotRulesOf(settings).noticeMs;
  const end = start + HOUR_MS;
  if (!availability.hasHours || end > now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS) return false;
  const [slot] = freeSlots({
    weekly: availability.weeklyHours,
    overrides: availability.overrides,
    timezone: availability.timezone,
    busy: [],
    now: now.getTime(),
    from: start,
    to: end,
    rules: { ...DEFAULT_SLOT_RULES, noticeMs },
  });
  return slot !== undefined && slot.start === start;
}
