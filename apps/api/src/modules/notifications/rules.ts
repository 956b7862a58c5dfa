import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationEvent,
  type NotificationItem,
  type NotificationType,
} from '@skillroute/shared/notifications';
import { errorMessages } from '@skillroute/shared/errors';
import { AppError } from '../../lib/errors';

/**
 * A notification's link is rendered as an in-app link, so it must be a path of this site: "/x", never
 * "//other.site" or "https://...". Callers are our own modules, so a wrong one is a bug, thrown as such.
 */
export function assertInAppLink(link: string | null | undefined): void {
  if (link === null || link === undefined) return;
  if (!link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\'))
    throw new Error(`a notification link must be an in-app path, not ${JSON.stringify(link)}`);
}

/** The columns of a stored notification the pure rules read (a database row fits). */
export interface StoredNotification {
  id: string;
  type: string;
  message: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}

/** The page asked for, one row more than shown: that extra row, when it exists, is what `hasMore` means. */
export function pageWindow(
  skip: number,
  pageSize = NOTIFICATIONS_PAGE_SIZE,
): { offset: number; limit: number } {
  return { offset: skip, limit: pageSize + 1 };
}

/** Cuts the rows fetched with `pageWindow` back to one page and says whether another follows. */
export function pageOf<T>(
  rows: readonly T[],
  pageSize = NOTIFICATIONS_PAGE_SIZE,
): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/**
 * The routes name the user by e-mail (the spec's paths); only one's own is allowed. E-mails are
 * case-insensitive (the column is citext), so `Ada@X.org` is the same person as `ada@x.org`.
 */
export function assertOwnEmail(callerEmail: string, pathEmail: string): void {
  if (callerEmail.toLowerCase() !== pathEmail.trim().toLowerCase())
    throw new AppError('forbidden', errorMessages.forbidden);
}

/** Only `notify` writes rows and it takes a NotificationType; the response schema checks the kind again on the way out. */
function knownType(type: string): NotificationType {
  return type as NotificationType;
}

export function toNotificationItem(row: StoredNotification): NotificationItem {
  return {
    id: row.id,
    type: knownType(row.type),
    message: row.message,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The socket payload: the new row without `read` (a notification is unread when it is announced). */
export function toNotificationEvent(row: StoredNotification): NotificationEvent {
  return {
    id: row.id,
    type: knownType(row.type),
    message: row.message,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}
