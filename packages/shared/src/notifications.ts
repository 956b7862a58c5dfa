import { z } from 'zod';
import { sessionEndedMessage } from './auth-constants';
import { msg } from './i18n/msg';

/**
 * The notifications contract (DESIGN.md §4 "Notifications", §5 "Realtime contract"; spec §7), written once
 * for the api, the web app and the benchmark. A notification is a row first (the truth) and a socket event
 * second (the doorbell): a client that reconnects re-reads the count and the list.
 */

/** Rows per page of `GET /api/user/notifications/:email?skip=`; `skip` counts rows, not pages. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The largest `skip` accepted: far beyond any real history, small enough to keep OFFSET cheap. */
export const NOTIFICATIONS_SKIP_MAX = 100_000;
/** The most ids one mark-read call accepts (a page is 20; this leaves room for a client's whole cache). */
export const MARK_READ_IDS_MAX = 500;

export const notificationTypes = [
  'welcome',
  'security',
  'roadmap_approved',
  'roadmap_rejected',
  'assessment_passed',
  'assessment_failed',
  'booking_confirmed',
  'booking_cancelled',
  'booking_reminder',
  'booking_no_show',
  'payment_failed',
  'payment_refunded',
  'review_received',
  'slot_available',
  'payout_failed',
  'session_notes',
  'booking_rescheduled',
  'topic_recommended',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** What a person reads as the kind of a notification (the toast's title shows the type, spec §7). */
export const notificationTypeLabels: Record<NotificationType, string> = {
  welcome: msg('Welcome'),
  security: msg('Security'),
  roadmap_approved: msg('Roadmap approved'),
  roadmap_rejected: msg('Roadmap rejected'),
  assessment_passed: msg('Assessment passed'),
  assessment_failed: msg('Assessment failed'),
  booking_confirmed: msg('Booking confirmed'),
  booking_cancelled: msg('Booking cancelled'),
  booking_reminder: msg('Booking reminder'),
  booking_no_show: msg('Session missed'),
  payment_failed: msg('Payment failed'),
  payment_refunded: msg('Payment refunded'),
  review_received: msg('Review received'),
  slot_available: msg('Slot available'),
  payout_failed: msg('Payout failed'),
  session_notes: msg('Session notes'),
  booking_rescheduled: msg('Session moved'),
  topic_recommended: msg('Topics recommended'),
};

/** Spec §7 fallbacks for a toast whose event lacks a type or a message. */
export const NOTIFICATION_FALLBACK_TITLE = msg('Notification');
export const NOTIFICATION_FALLBACK_MESSAGE = msg('You have a new update');

/** The title a toast shows for an event: the readable label of a known type, the raw type otherwise. */
export function notificationTitle(type: string | null | undefined): string {
  if (!type) return NOTIFICATION_FALLBACK_TITLE;
  return (notificationTypeLabels as Record<string, string | undefined>)[type] ?? type;
}

/** One item of the list. `link` is an in-app path (e.g. "/profile/general"), or null when there is none. */
export const notificationItemSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationItemSchema),
  hasMore: z.boolean(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** Unread notifications; the response of the count route and of mark-read. */
export const notificationCountResponseSchema = z.object({
  notificationCount: z.number().int().nonnegative(),
});
export type NotificationCountResponse = z.infer<typeof notificationCountResponseSchema>;

export const notificationListQuerySchema = z.object({
  skip: z.coerce
    .number({ error: 'skip must be a number' })
    .int('skip must be a whole number')
    .min(0, 'skip must not be negative')
    .max(NOTIFICATIONS_SKIP_MAX, `skip must not exceed ${NOTIFICATIONS_SKIP_MAX}`)
    .default(0),
});

/** `PUT /api/user/notifications/read`: the given ids of the caller's notifications, or all when ids is absent. */
export const markReadBodySchema = z.object({
  ids: z
    .array(z.uuid('Each id must be a notification id'), { error: 'ids must be a list of notification ids' })
    .min(1, 'Give at least one id, or leave ids out to mark all as read')
    .max(MARK_READ_IDS_MAX, `At most ${MARK_READ_IDS_MAX} ids at once`)
    .optional(),
});
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** The socket event a signed-in client listens to (spec §7 "Real time"): the server emits it to that user only. */
export function userEventName(email: string): `user:${string}` {
  return `user:${email}`;
}

/**
 * Why the server refused a socket handshake: the client's `connect_error` carries these as `error.message`.
 * socket.io does not retry a refused handshake by itself: after `sessionEnded` (the 15-minute access cookie
 * ran out) a client refreshes the session and calls `socket.connect()` again.
 */
export const socketRefusals = {
  notSignedIn: msg('You need to sign in to receive live notifications.'),
  sessionEnded: sessionEndedMessage,
  unavailable: msg('Live notifications are unavailable right now. Please try again later.'),
} as const;

/**
 * The payload of a `user:{email}` event: the new row, without `read` (a new notification is unread), and
 * `sentAt`, the sending server's clock (ms) when it went out, by which a client tells a live event from one
 * delivered late (DESIGN.md §4b: a replica or Redis was away).
 */
export const notificationEventSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  message: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.number().optional(),
});

/**
 * A live event that arrives later than this after it was sent is not shown (no toast for something a page
 * already lists): the page reads the rows again instead.
 */
export const LIVE_EVENT_MAX_AGE_MS = 10_000;
/** Sent to a socket as it connects: the server's clock (ms), so a client can age events in the server's time. */
export const SERVER_TIME_EVENT = 'server-time';
/**
 * Sent to every socket of a replica whose live channel had a gap (its Redis connection came back): events
 * of the other replicas may have been lost meanwhile, so the client reads the rows again.
 */
export const RESYNC_EVENT = 'resync';
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
