import { notificationTitle, type NotificationItem as Item } from '@skillroute/shared/notifications';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { safeReturnPath } from '@/lib/return-path';
import { t, translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { exactTime, relativeTime } from '../relative-time';

interface NotificationItemProps {
  item: Item;
  now: Date;
  onMarkRead(id: string): void;
}

/**
 * One notification: its kind, its message (a link to what it is about, when it is about something), and
 * when it came. An unread one is tinted with a dot and says "Unread" to screen readers; following its link
 * or pressing "Mark as read" marks it read.
 */
export function NotificationItem({ item, now, onMarkRead }: NotificationItemProps) {
  const createdAt = new Date(item.createdAt);
  const unread = !item.read;
  // Only a path on this site: a link is data from the server, never a way out to another origin.
  const to = item.link === null ? null : safeReturnPath(item.link);
  const message = <span className="[overflow-wrap:anywhere]">{item.message}</span>;

  return (
    <li
      data-unread={unread || undefined}
      className="relative flex items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground transition-colors focus-within:ring-[3px] focus-within:ring-ring/40 hover:bg-accent/40 data-[unread]:border-primary/40 data-[unread]:bg-primary/5"
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className={cn('text-sm', unread ? 'font-semibold' : 'font-medium text-muted-foreground')}>
          {unread && <span className="sr-only">{t('Unread:')} </span>}
          {translate(notificationTitle(item.type))}
        </p>
        {to ? (
          // The link covers the whole card (its ::after), so a click anywhere on it follows the link.
          <Link
            to={to}
            onClick={() => unread && onMarkRead(item.id)}
            className="text-sm outline-none after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline"
          >
            {message}
          </Link>
        ) : (
          <p className="text-sm">{message}</p>
        )}
        <time
          dateTime={item.createdAt}
          title={exactTime(createdAt)}
          className="text-xs text-muted-foreground"
        >
          {relativeTime(createdAt, now)}
        </time>
      </div>
      {unread && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          // Above the card-wide link, so pressing it marks the item without following the link.
          className="relative z-10 shrink-0"
          aria-label={t('Mark as read: {message}', { message: item.message })}
          title={t('Mark as read')}
          onClick={() => onMarkRead(item.id)}
        >
          <Check aria-hidden="true" />
          <span className="max-sm:sr-only">{t('Mark as read')}</span>
        </Button>
      )}
    </li>
  );
}
