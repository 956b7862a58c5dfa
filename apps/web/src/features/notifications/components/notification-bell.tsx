import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useGetNotificationCountQuery } from '../api';
import { badgeText, bellLabel } from '../notification-text';

/**
 * The header's bell (spec §2): a link to /notifications with the unread count as a badge ("9+" above 9,
 * nothing at 0). The badge is only drawn; the link's name carries the exact count for screen readers.
 */
export function NotificationBell({ email }: { email: string }) {
  // Spec §7: the count is read again on every mount; live events and reconnects invalidate it. Reading it
  // again when the tab regains focus catches changes no event announces (marked read in another tab).
  const { data } = useGetNotificationCountQuery(email, {
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const unread = data?.notificationCount ?? 0;
  const badge = badgeText(unread);
  return (
    <NavLink
      to="/notifications"
      aria-label={bellLabel(unread)}
      title={t('Notifications')}
      className={cn(
        buttonVariants({ variant: 'ghost', size: 'icon' }),
        'relative aria-[current=page]:bg-accent',
      )}
    >
      <Bell aria-hidden="true" className="size-5" />
      {badge && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-background"
        >
          {badge}
        </span>
      )}
    </NavLink>
  );
}
