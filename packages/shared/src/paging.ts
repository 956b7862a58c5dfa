import { z } from 'zod';
import { msg } from './i18n/msg';

/**
 * Numbered pages, the same on every list that has them (mentors, reviews, the admin's users, bookings and
 * audit trail): `?page=` counts from 1, `?limit=` is the page size where a list lets the client choose it.
 */

/** The last page one may ask for: far beyond any real list, small enough to keep OFFSET cheap. */
export const PAGE_MAX = 10_000;
export const pageMessage = msg('Page is a whole number from 1');

/** One message for every refusal, or one per check. */
export type RangeMessages = string | { type: string; int: string; min: string; max: string };

/** A whole number in `[min, max]` from a query string, `fallback` when the parameter is absent. */
export function queryWholeNumber(options: {
  min: number;
  max: number;
  fallback: number;
  messages: RangeMessages;
}) {
  const { type, int, min, max } =
    typeof options.messages === 'string'
      ? { type: options.messages, int: options.messages, min: options.messages, max: options.messages }
      : options.messages;
  return z.coerce
    .number({ error: type })
    .int(int)
    .min(options.min, min)
    .max(options.max, max)
    .default(options.fallback);
}

/** `?page=`: 1 to PAGE_MAX, 1 when absent. */
export const pageQuerySchema = (messages: RangeMessages = pageMessage) =>
  queryWholeNumber({ min: 1, max: PAGE_MAX, fallback: 1, messages });

/** `?limit=`: 1 to `max`, `fallback` when absent. */
export const limitQuerySchema = (max: number, fallback: number, messages: RangeMessages) =>
  queryWholeNumber({ min: 1, max, fallback, messages });

/** What a numbered page's answer says of itself besides its rows and their total. */
export const pageInfoSchema = { page: z.number().int().min(1), limit: z.number().int().min(1) };

/** How many pages `total` rows fill at `limit` a page; one when there are none. */
export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));
