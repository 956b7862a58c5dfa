import {
  AVAILABILITY_DAYS_AHEAD,
  availabilityMessages,
  DEFAULT_TIMEZONE,
  emptyWeeklySchedule,
  type Availability,
  type AvailabilityBody,
  type FreeSlot,
  type SlotsResponse,
} from '@skillroute/shared/availability';
import { mentorMessages } from '@skillroute/shared/mentors';
import type { ServiceContext, UserContext } from '../../context/service-context';
import type { MentorAvailabilityRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repository from './repository';
import { offersHours, overrideDateProblems, paiseToRupees, rupeesToPaise, todayIn, toStoredOverrides, toStoredWeek, toWireOverrides, toWireWeek } from './rules';
import { freeSlots, slotWindowProblem, type Slot } from './slots';

/** How long before its start a slot stops being bookable; the mentor listing's cache expires pages by it. */
export { SLOT_NOTICE_MS } from './slots';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const windowMessages = {
  reversed: availabilityMessages.windowReversed,
  too_long: availabilityMessages.windowTooLong,
  beyond_horizon: availabilityMessages.windowBeyondHorizon,
} as const;

/** A saved row (or none yet) as the wire shows it, with the overrides still ahead in the mentor's zone. */
function toAvailability(mentorId: string, row: MentorAvailabilityRow | null, now: Date): Availability {
  if (row === null) return { mentorId, weeklySchedule: emptyWeeklySchedule(), pricePerSession: null, timezone: DEFAULT_TIMEZONE, overrides: [] };
  return {
    mentorId,
    weeklySchedule: toWireWeek(row.weeklyHours),
    pricePerSession: paiseToRupees(row.pricePerSession),
    timezone: row.timezone,
    overrides: toWireOverrides(row.overrides, todayIn(now, row.timezone)),
  };
}

async function ownerOrNotFound(ctx: ServiceContext, mentorId: string): Promise<repository.AvailabilityOwner> {
  const owner = await repository.findAvailabilityOwner(ctx.db, mentorId);
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

const toFreeSlot = (slot: Slot): FreeSlot => ({ startTime: new Date(slot.start).toISOString(), endTime: new Date(slot.end).toISOString() });

/** `GET /api/mentors/availability/:mentorId/slots`: the free one-hour slots in [from, to) as UTC instants. */
export async function listSlots(ctx: ServiceContext, mentorId: string, from: number, to: number): Promise<SlotsResponse> {
  const now = ctx.clock.now().getTime();
  const problem = slotWindowProblem(from, to, now);
  if (problem !== undefined) throw new AppError('bad_request', windowMessages[problem], [{ message: windowMessages[problem], field: 'to' }]);
  const { availability } = await ownerOrNotFound(ctx, mentorId);
  if (availability === null) return { timezone: DEFAULT_TIMEZONE, slots: [] };
  const slots = freeSlots({
    weekly: availability.weeklyHours,
    overrides: availability.overrides,
    timezone: availability.timezone,
    // Held and confirmed bookings will supply the busy intervals once bookings exist.
    busy: [],
    now,
    from,
    to,
  });
  return { timezone: availability.timezone, slots: slots.map(toFreeSlot) };
}

/** How far ahead each step of `nextFreeSlot` looks: most mentors have a slot within the first week. */
const NEXT_SLOT_STEP_DAYS = 7;

/**
 * The first free slot of a mentor's availability within the next AVAILABILITY_DAYS_AHEAD days, or null;
 * for the mentor listing. Looks a week at a time, so a mentor with a slot this week costs one week's work.
 */
export function nextFreeSlot(availability: MentorAvailabilityRow, now: Date): FreeSlot | null {
  if (!availability.hasHours) return null;
  const nowMs = now.getTime();
  const end = nowMs + AVAILABILITY_DAYS_AHEAD * DAY_MS;
  for (let from = nowMs; ;) {
    const to = Math.min(end, from + NEXT_SLOT_STEP_DAYS * DAY_MS);
    // Bookings will supply the busy intervals here too once they exist.
    const [first] = freeSlots({ weekly: availability.weeklyHours, overrides: availability.overrides, timezone: availability.timezone, busy: [], now: nowMs, from, to });
    if (first !== undefined) return toFreeSlot(first);
    if (to === end) return null;
    // The next step overlaps this one by an hour, so a slot across the boundary is not lost.
    from = to - HOUR_MS;
  }
}
