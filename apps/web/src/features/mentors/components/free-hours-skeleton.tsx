import type { Booking } from '@skillroute/shared/bookings';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/lib/i18n';

/** What the booking panel (composed by the app layer) needs to know of the page. */
export interface BookingSlotProps {
  mentorId: string;
  pricePerSession: number | null;
  slot: string | null;
  zone: string;
  clearSlot: () => void;
  /** The visitor's own hold with this mentor, still running (after a reload or Back from the checkout too). */
  hold: Booking | undefined;
}

/** The free hours' place while their code or the hours themselves are on their way: the picker's height. */
export function FreeHoursSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-label={t('Loading free hours')}>
      <Skeleton className="h-9" />
      <Skeleton className="h-64" />
    </div>
  );
}
