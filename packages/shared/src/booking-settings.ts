import { z } from 'zod';
import { msg } from './i18n/msg';

/**
 * A mentor's booking settings (DESIGN.md §4b "Session lifecycle"): how far ahead a session must be booked, how
 * much free time the mentor keeps around each session, and how many sessions a day (in the mentor's zone) they
 * give at most. The limits and words are named once here: the route, the dialog and the slots all use them.
 */

/** Hours ahead a session must be booked at least; the default is the notice every mentor had before. */
export const MINIMUM_NOTICE_HOURS_MIN = 1;
export const MINIMUM_NOTICE_HOURS_MAX = 72;
export const MINIMUM_NOTICE_HOURS_DEFAULT = 2;
/** Minutes kept free before and after each of the mentor's sessions. */
export const BUFFER_MINUTES_CHOICES = [0, 15, 30, 60] as const;
export type BufferMinutes = (typeof BUFFER_MINUTES_CHOICES)[number];
export const BUFFER_MINUTES_DEFAULT: BufferMinutes = 0;
/** Sessions the mentor gives on one day of their zone at most (7 one-hour slots a day fit in 8). */
export const MAX_SESSIONS_PER_DAY_MIN = 1;
export const MAX_SESSIONS_PER_DAY_MAX = 8;
export const MAX_SESSIONS_PER_DAY_DEFAULT = 8;

export const bookingSettingsMessages = {
  minimumNotice: msg('Minimum notice is a whole number of hours from {min} to {max}', {
    min: MINIMUM_NOTICE_HOURS_MIN,
    max: MINIMUM_NOTICE_HOURS_MAX,
  }),
  buffer: msg('Buffer is one of {choices} minutes', { choices: BUFFER_MINUTES_CHOICES.join(', ') }),
  maxSessionsPerDay: msg('Sessions per day is a whole number from {min} to {max}', {
    min: MAX_SESSIONS_PER_DAY_MIN,
    max: MAX_SESSIONS_PER_DAY_MAX,
  }),
  minimumNoticeHint: msg('How long before a session starts it can still be booked.'),
  bufferHint: msg('Time kept free before and after each of your sessions.'),
  maxSessionsPerDayHint: msg('The most sessions you give on one day of your time zone.'),
  notAMentor: msg('Only mentors have booking settings.'),
  saved: msg('Booking settings saved.'),
  // The 409s of POST /api/bookings, in the mentee's words.
  tooSoon: (hours: number) =>
    hours === 1
      ? msg('This mentor takes bookings at least 1 hour ahead. Please choose a later slot.')
      : msg('This mentor takes bookings at least {hours} hours ahead. Please choose a later slot.', {
          hours,
        }),
  withinBuffer: (minutes: number) =>
    msg(
      'This mentor keeps {minutes} minutes free around each session, so this hour is too close to another one. Please choose another slot.',
      { minutes },
    ),
  dayFull: (sessions: number) =>
    sessions === 1
      ? msg('This mentor gives at most 1 session a day, and that day is full. Please choose another day.')
      : msg(
          'This mentor gives at most {sessions} sessions a day, and that day is full. Please choose another day.',
          { sessions },
        ),
} as const;

const minimumNoticeHoursSchema = z
  .number(bookingSettingsMessages.minimumNotice)
  .int(bookingSettingsMessages.minimumNotice)
  .min(MINIMUM_NOTICE_HOURS_MIN, bookingSettingsMessages.minimumNotice)
  .max(MINIMUM_NOTICE_HOURS_MAX, bookingSettingsMessages.minimumNotice);
const bufferMinutesSchema = z
  .number(bookingSettingsMessages.buffer)
  .refine(
    (minutes): minutes is BufferMinutes => (BUFFER_MINUTES_CHOICES as readonly number[]).includes(minutes),
    bookingSettingsMessages.buffer,
  );
const maxSessionsPerDaySchema = z
  .number(bookingSettingsMessages.maxSessionsPerDay)
  .int(bookingSettingsMessages.maxSessionsPerDay)
  .min(MAX_SESSIONS_PER_DAY_MIN, bookingSettingsMessages.maxSessionsPerDay)
  .max(MAX_SESSIONS_PER_DAY_MAX, bookingSettingsMessages.maxSessionsPerDay);

/** `PUT /api/mentors/booking-settings`: all three, each checked; the dialog's part uses it too. */
export const bookingSettingsSchema = z.strictObject({
  minimumNoticeHours: minimumNoticeHoursSchema,
  bufferMinutes: bufferMinutesSchema,
  maxSessionsPerDay: maxSessionsPerDaySchema,
});
export interface BookingSettings {
  minimumNoticeHours: number;
  bufferMinutes: BufferMinutes;
  maxSessionsPerDay: number;
}

/** What a mentor who never saved any has: today's behaviour (2 hours' notice, no buffer, no daily limit in reach). */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  minimumNoticeHours: MINIMUM_NOTICE_HOURS_DEFAULT,
  bufferMinutes: BUFFER_MINUTES_DEFAULT,
  maxSessionsPerDay: MAX_SESSIONS_PER_DAY_DEFAULT,
};

/** The answer of `GET` and `PUT /api/mentors/booking-settings`. */
export const bookingSettingsResponseSchema = z.object({
  minimumNoticeHours: z.number(),
  bufferMinutes: z.number(),
  maxSessionsPerDay: z.number(),
});
