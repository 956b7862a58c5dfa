import { HOLD_MINUTES } from '@skillroute/shared/bookings';
import { Clock } from 'lucide-react';
import { formatCountdown, holdAnnouncement } from '../rules';

/**
 * The time left on a booking's hold. The mm:ss ticks for the eye only; the polite live region beside it
 * speaks at a few marks (holdAnnouncement), since announcing every second would drown the page.
 */
export function HoldCountdown({ msLeft }: { msLeft: number }) {
  return (
    <div className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
      <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        Slot held for <span className="font-mono font-semibold tabular-nums">{formatCountdown(msLeft)}</span>
      </span>
      <span className="sr-only" aria-live="polite" data-testid="hold-announcement">
        {holdAnnouncement(msLeft, HOLD_MINUTES)}
      </span>
    </div>
  );
}
