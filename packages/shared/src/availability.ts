import { z } from 'zod';
import { msg } from './i18n/msg';
import { idSchema } from './ids';
import { parseInstant } from './instants';
import {
  AVAILABILITY_DAYS_AHEAD,
  BOOKING_HORIZON_DAYS,
  canonicalTimezone,
  DATE_OVERRIDES_MAX,
  hourToTime,
  FIRST_HOUR,
  LAST_HOUR,
  RATE_MAX,
  RATE_MIN,
  RATE_STEP,
  SLOT_START_HOURS,
  timeToHour,
  WEEKDAYS,
} from './availability-constants';

export * from './availability-constants';

/**
 * A mentor's availability and hourly rate (spec §2 "Availability dialog", §3, §5, §9; DESIGN.md §4
 * "Mentors, availability, slots"), written once: the dialog, the request validation and the OpenAPI
 * document use these schemas. On the wire the week keeps the spec's shape and "h:mm AM/PM" strings; the
 * database keeps wall-clock start hours with the mentor's zone.
 */
export const availabilityMessages = {
  // Spec §8.
  savedTitle: msg('Availability Updated'),
  savedDescription: msg('Your time slots have been successfully updated.'),
  saveFailedFallback: msg('An unexpected error occurred. Please try again later.'),
  // Spec §5 gives the From/To rules without texts; these are ours.
  fromBeforeTo: msg('From must be before To'),
  toAfterFrom: msg('To must be after From'),
  // Ours (the spec shows none for these).
  timeFormat: msg('Times are written like "10:00 AM", on the hour'),
  slotOutsideHours: msg('Slots run on the hour from {first}:00 to {last}:00', {
    first: FIRST_HOUR,
    last: LAST_HOUR,
  }),
  slotOneHour: msg('Each slot is one hour long'),
  slotTwice: msg('Each hour can be listed once'),
  availableDayNeedsSlots: msg('An available day needs at least one hour'),
  unavailableDayHasSlots: msg('An unavailable day has no hours'),
  timezoneUnknown: msg('Choose a time zone from the list'),
  dateFormat: msg('Dates are written as YYYY-MM-DD'),
  overrideTwice: msg('Each date can have one override'),
  overridesMax: msg('At most {max} date overrides', { max: DATE_OVERRIDES_MAX }),
  overridePast: msg('An override cannot be for a day that has passed'),
  overrideTooFar: msg('Overrides reach at most {days} days ahead', { days: BOOKING_HORIZON_DAYS }),
  notYourAvailability: msg('You can only change your own availability.'),
  notAMentor: msg('Only mentors can set availability.'),
  windowReversed: msg('"to" must be after "from"'),
  windowTooLong: msg('Ask for at most {days} days of slots at once', { days: AVAILABILITY_DAYS_AHEAD }),
  windowBeyondHorizon: msg('Slots can be booked at most {days} days ahead', { days: BOOKING_HORIZON_DAYS }),
  instantFormat: msg('Give an ISO date or instant, like 2026-12-01 or 2026-12-01T10:00:00Z'),
} as const;

export const timeSlotSchema = z
  .object({
    startTime: z.string().refine((time) => timeToHour(time) !== undefined, availabilityMessages.timeFormat),
    endTime: z.string().refine((time) => timeToHour(time) !== undefined, availabilityMessages.timeFormat),
  })
  .superRefine((slot, context) => {
    const start = timeToHour(slot.startTime);
    const end = timeToHour(slot.endTime);
    if (start === undefined || end === undefined) return;
    if (start < FIRST_HOUR || end > LAST_HOUR)
      context.addIssue({
        code: 'custom',
        message: availabilityMessages.slotOutsideHours,
        path: ['startTime'],
      });
    else if (end - start !== 1)
      context.addIssue({ code: 'custom', message: availabilityMessages.slotOneHour, path: ['endTime'] });
  });
export type TimeSlot = z.infer<typeof timeSlotSchema>;

const daySlotsSchema = z
  .array(timeSlotSchema)
  .max(SLOT_START_HOURS.length)
  .refine(
    (slots) => new Set(slots.map((slot) => timeToHour(slot.startTime))).size === slots.length,
    availabilityMessages.slotTwice,
  );

/** A day that is on has hours, and a day that is off has none: the week's days and the overrides alike. */
function checkDayHours(day: { isAvailable: boolean; timeSlots: unknown[] }, context: z.RefinementCtx): void {
  if (day.isAvailable && day.timeSlots.length === 0)
    context.addIssue({
      code: 'custom',
      message: availabilityMessages.availableDayNeedsSlots,
      path: ['timeSlots'],
    });
  if (!day.isAvailable && day.timeSlots.length > 0)
    context.addIssue({
      code: 'custom',
      message: availabilityMessages.unavailableDayHasSlots,
      path: ['timeSlots'],
    });
}

/** One day of the week (spec §3): on with its hours, or off with none. */
export const dayScheduleSchema = z
  .object({ isAvailable: z.boolean(), timeSlots: daySlotsSchema })
  .superRefine(checkDayHours);
export type DaySchedule = z.infer<typeof dayScheduleSchema>;

export const weeklyScheduleSchema = z.strictObject({
  monday: dayScheduleSchema,
  tuesday: dayScheduleSchema,
  wednesday: dayScheduleSchema,
  thursday: dayScheduleSchema,
  friday: dayScheduleSchema,
});
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

/** Spec §5: "a positive number of at least 100 (default schema message)"; §9: step 100. */
export const pricePerSessionSchema = z.number().int().min(RATE_MIN).max(RATE_MAX).multipleOf(RATE_STEP);

export const timezoneSchema = z
  .string()
  .max(64, availabilityMessages.timezoneUnknown)
  .transform((name, context) => {
    const zone = canonicalTimezone(name);
    if (zone === undefined) {
      context.addIssue({ code: 'custom', message: availabilityMessages.timezoneUnknown });
      return z.NEVER;
    }
    return zone;
  });

const isoDateSchema = z.iso.date(availabilityMessages.dateFormat);

/** A date that differs from the week (beyond the spec): a day off, or other hours on that date. */
export const dateOverrideSchema = z
  .object({ date: isoDateSchema, isAvailable: z.boolean(), timeSlots: daySlotsSchema })
  .superRefine(checkDayHours);
export type DateOverride = z.infer<typeof dateOverrideSchema>;

export const dateOverridesSchema = z
  .array(dateOverrideSchema)
  .max(DATE_OVERRIDES_MAX, availabilityMessages.overridesMax)
  .refine(
    (overrides) => new Set(overrides.map((override) => override.date)).size === overrides.length,
    availabilityMessages.overrideTwice,
  );

/** `PUT /api/mentors/availability`. Whether override dates lie ahead depends on today in the zone: the service checks. */
export const availabilityBodySchema = z.object({
  mentorId: idSchema,
  weeklySchedule: weeklyScheduleSchema,
  /** Whole rupees (the database keeps paise). */
  pricePerSession: pricePerSessionSchema,
  timezone: timezoneSchema.optional(),
  overrides: dateOverridesSchema.optional(),
});
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;
export type AvailabilityBodyInput = z.input<typeof availabilityBodySchema>;

/** `GET /api/mentors/availability/:mentorId` and the answer of the PUT. */
export const availabilitySchema = z.object({
  mentorId: z.string(),
  weeklySchedule: weeklyScheduleSchema,
  /** Null until the mentor first saves. */
  pricePerSession: z.number().nullable(),
  timezone: z.string(),
  overrides: z.array(dateOverrideSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityUpdateResponseSchema = availabilitySchema.extend({ message: z.string() });

/** An ISO date ("2026-12-01", read as UTC midnight) or instant with its offset. */
const instantSchema = z.string().transform((text, context) => {
  const time = parseInstant(text, { dates: true });
  if (time === undefined) {
    context.addIssue({ code: 'custom', message: availabilityMessages.instantFormat });
    return z.NEVER;
  }
  return time;
});

/** `GET /api/mentors/availability/:mentorId/slots?from=&to=`: epoch milliseconds once parsed. */
export const slotsQuerySchema = z.object({ from: instantSchema, to: instantSchema });

/** A bookable hour as UTC ISO instants. */
export const freeSlotSchema = z.object({ startTime: z.string(), endTime: z.string() });
export type FreeSlot = z.infer<typeof freeSlotSchema>;
export const slotsResponseSchema = z.object({ timezone: z.string(), slots: z.array(freeSlotSchema) });
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** What the dialog edits per day (spec §3: "collapses slots to a from/to pair"): hours, not strings. */
export interface DayWindow {
  isAvailable: boolean;
  from: number;
  to: number;
}

/** A day's one-hour slots collapsed to the dialog's from/to pair (the first start to the last end). */
export function collapseDay(day: DaySchedule): DayWindow {
  const starts = day.timeSlots
    .map((slot) => timeToHour(slot.startTime))
    .filter((hour): hour is number => hour !== undefined);
  if (!day.isAvailable || starts.length === 0) return { isAvailable: false, from: FIRST_HOUR, to: LAST_HOUR };
  return { isAvailable: true, from: Math.min(...starts), to: Math.max(...starts) + 1 };
}

/** The dialog's from/to pair expanded back into one-hour slots; an off day sends none (spec §4). */
export function expandDay(window: DayWindow): DaySchedule {
  if (!window.isAvailable) return { isAvailable: false, timeSlots: [] };
  const timeSlots: TimeSlot[] = [];
  for (let hour = window.from; hour < window.to; hour += 1)
    timeSlots.push({ startTime: hourToTime(hour), endTime: hourToTime(hour + 1) });
  return { isAvailable: true, timeSlots };
}

/** Start hours of a day, for storage and slot computation. */
export const dayStartHours = (day: DaySchedule): number[] =>
  day.isAvailable
    ? day.timeSlots
        .map((slot) => timeToHour(slot.startTime))
        .filter((hour): hour is number => hour !== undefined)
        .sort((a, b) => a - b)
    : [];

/** Start hours back to the wire's day. */
export function dayFromStartHours(hours: readonly number[] | undefined): DaySchedule {
  if (!hours || hours.length === 0) return { isAvailable: false, timeSlots: [] };
  return {
    isAvailable: true,
    timeSlots: [...hours]
      .sort((a, b) => a - b)
      .map((hour) => ({ startTime: hourToTime(hour), endTime: hourToTime(hour + 1) })),
  };
}

/** The week as the dialog shows it before a mentor saved anything (spec §9: default window 10:00 to 17:00, off). */
export const emptyWeeklySchedule = (): WeeklySchedule =>
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, { isAvailable: false, timeSlots: [] }]),
  ) as unknown as WeeklySchedule;

/** One day in the dialog (spec §5: From cannot be at or after To; To cannot be at or before From). */
export const dayWindowSchema = z
  .object({
    isAvailable: z.boolean(),
    from: z.number().int().min(FIRST_HOUR).max(LAST_HOUR),
    to: z.number().int().min(FIRST_HOUR).max(LAST_HOUR),
  })
  .superRefine((window, context) => {
    if (!window.isAvailable || window.from < window.to) return;
    context.addIssue({ code: 'custom', message: availabilityMessages.fromBeforeTo, path: ['from'] });
    context.addIssue({ code: 'custom', message: availabilityMessages.toAfterFrom, path: ['to'] });
  });

/** The Availability dialog's form: the rate, the zone and the five days as from/to pairs. */
export const availabilityFormSchema = z.object({
  pricePerSession: pricePerSessionSchema,
  timezone: timezoneSchema,
  days: z.object({
    monday: dayWindowSchema,
    tuesday: dayWindowSchema,
    wednesday: dayWindowSchema,
    thursday: dayWindowSchema,
    friday: dayWindowSchema,
  }),
});
export type AvailabilityForm = z.input<typeof availabilityFormSchema>;
