import { NOTIFICATION_BADGE_MAX } from '@skillroute/shared/constants';
import { NOTIFICATION_FALLBACK_MESSAGE, notificationTitle } from '@skillroute/shared/notifications';
import { t, translate } from '@/lib/i18n';

/** The bell's badge (spec §9): nothing at 0, the number up to 9, then "9+". */
export function badgeText(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(Math.floor(unread));
}

/** The bell's accessible name: the exact count, which the "9+" badge cannot say. */
export function bellLabel(unread: number): string {
  return unread > 0 ? t('Notifications, {count} unread', { count: unread }) : t('Notifications');
}

export interface ToastText {
  title: string;
  description: string;
}

/**
 * The toast for a live event (spec §7 "Real time"): the type as title, or "Notification"; the message,
 * or "You have a new update". Takes whatever arrived, since a socket payload is not checked by a schema.
 * The message is the api's, written in the recipient's language already; the type and the fallback are ours.
 */
export function toastTextFor(payload: unknown): ToastText {
  const fields = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const type = typeof fields.type === 'string' ? fields.type.trim() : '';
  const message = typeof fields.message === 'string' ? fields.message.trim() : '';
  return {
    title: translate(notificationTitle(type)),
    description: message || translate(NOTIFICATION_FALLBACK_MESSAGE),
  };
}
