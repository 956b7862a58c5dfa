import { HOLD_MINUTES } from '@skillroute/shared/bookings';
import { Clock } from 'lucide-react';
import { t } from '@/lib/i18n';
import { useClock } from '@/lib/use-clock';
import { formatCountdown, holdAnnouncement } from '../rules';

const TIME_MARK = '\u0000';

/**
 * The time left on a booking's hold. The mm:ss ticks for the eye only; the polite live region beside it
 * speaks at a few marks (holdAnnouncement), since announcing every second would drown the page.
 */
export function HoldCountdown({ msLeft }: { msLeft: number }) {
  // The sentence whole for the translator; the time, set apart for the eye, goes where it says {time}.
  const [before, after = ''] = t('You’re holding this hour — {time} left', { time: TIME_MARK }).split(
    TIME_MARK,
  );
  return (
    <div className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
      <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        {before}
        <span className="font-mono font-semibold tabular-nums">{formatCountdown(msLeft)}</span>
        {after}
      </span>
      <span className="sr-only" aria-live="polite" data-testid="hold-announcement">
        {holdAnnouncement(msLeft, HOLD_MINUTES)}
      </span>
    </div>
  );
}

/** The countdown of a hold until `holdExpiresAt`, moving by the second on its own (a list's clock is coarser). */
export function LiveHoldCountdown({ holdExpiresAt }: { holdExpiresAt: string }) {
  const now = useClock(1000);
  return <HoldCountdown msLeft={Date.parse(holdExpiresAt) - now} />;
}
