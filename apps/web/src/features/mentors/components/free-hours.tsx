import type { ReactNode } from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SlotPicker } from '@/components/slots/slot-picker';
import { useOwnHold } from '@/features/bookings/api';
import { t } from '@/lib/i18n';
import { useClock } from '@/lib/use-clock';
import { bookableSlotWindow, browserTimeZone } from '@/lib/time-zones';
import { useGetMentorSlotsQuery } from '../api';
import { LoadError } from './load-error';
import { FreeHoursSkeleton, type BookingSlotProps } from './free-hours-skeleton';
import { WaitlistButton } from './waitlist-button';

interface FreeHoursProps {
  mentorId: string;
  pricePerSession: number | null;
  booking?: (props: BookingSlotProps) => ReactNode;
}

/**
 * The free hours on a mentor's profile, the booking panel under them (`booking`, composed by the app layer) and
 * the waitlist. The page loads this module once its words are on screen: the slot picker, the time zones, the
 * visitor's holds and the booking panel are not in its first picture.
 */
export function ProfileFreeHours({ mentorId, pricePerSession, booking }: FreeHoursProps) {
  return (
    <>
      <FreeHours mentorId={mentorId} pricePerSession={pricePerSession} booking={booking} />
      <WaitlistButton mentorId={mentorId} />
    </>
  );
}

function FreeHours({ mentorId, pricePerSession, booking }: FreeHoursProps) {
  const [searchParams] = useSearchParams();
  const [window] = useState(bookableSlotWindow);
  const [zone, setZone] = useState(browserTimeZone);
  const [chosen, setChosen] = useState<string | null>(() => searchParams.get('slot'));
  const slots = useGetMentorSlotsQuery({ mentorId, ...window });
  // Coarse: the panel counts the hold down by the second and says when it lapses; the picker follows soon after.
  const now = useClock(10_000);
  const hold = useOwnHold(mentorId, now);

  if (slots.isError) {
    return (
      <LoadError compact onRetry={() => void slots.refetch()}>
        <p>{t('The free hours could not be loaded.')}</p>
      </LoadError>
    );
  }
  if (!slots.data) return <FreeHoursSkeleton />;
  return (
    <>
      <SlotPicker
        slots={slots.data.slots}
        from={window.from}
        to={window.to}
        zone={zone}
        onZoneChange={setZone}
        chosen={chosen}
        onChoose={setChosen}
        held={hold?.startTime ?? null}
      />
      {booking?.({ mentorId, pricePerSession, slot: chosen, zone, clearSlot: () => setChosen(null), hold })}
    </>
  );
}
