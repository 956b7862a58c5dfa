import { RESCHEDULE_MAX, RESCHEDULE_POLICY, type Booking } from '@skillroute/shared/bookings';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { SlotPicker } from '@/components/slots/slot-picker';
import { SubmitButton } from '@/components/ui/submit-button';
import { useGetMentorSlotsQuery } from '@/features/mentors/api';
import { errorMessage } from '@/lib/api-error';
import { formatSessionTime } from '@/lib/session-time';
import { bookableSlotWindow } from '@/lib/time-zones';
import { toast } from '@/lib/use-toast';
import { t, translate } from '@/lib/i18n';
import { useRescheduleBookingMutation } from '../api';

const movesLeftText = (booking: Booking) => {
  const left = RESCHEDULE_MAX - booking.rescheduleCount;
  return left === 1
    ? t('This is the last time it can be moved.')
    : t('It can be moved {count} more times.', { count: left });
};

/**
 * Reschedule (DESIGN.md §4b): the mentor's free hours in a calendar, in the viewer's zone (which they may
 * change), and "Move" to the hour chosen. The policy is stated; the api decides, and its refusal (an hour
 * taken meanwhile, too late) is shown in the dialog, with the free hours read again.
 */
export function RescheduleDialog({ booking, zone: viewerZone }: { booking: Booking; zone: string }) {
  const [open, setOpen] = useState(false);
  const [span, setSpan] = useState(bookableSlotWindow);
  const [zone, setZone] = useState(viewerZone);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reschedule, moving] = useRescheduleBookingMutation();
  const slots = useGetMentorSlotsQuery({ mentorId: booking.mentorId, ...span }, { skip: !open });

  function openChange(next: boolean) {
    if (moving.isLoading) return;
    setOpen(next);
    if (next) {
      setSpan(bookableSlotWindow());
      setZone(viewerZone);
      setChosen(null);
      setFailure(null);
    }
  }

  async function move() {
    if (chosen === null) return;
    setFailure(null);
    const result = await reschedule({ id: booking.id, startTime: chosen });
    if (result.error) {
      setFailure(errorMessage(result.error, t('The session could not be moved. Please try again.')));
      setChosen(null);
      void slots.refetch();
      return;
    }
    setOpen(false);
    toast({
      title: t('Session moved'),
      description: t('Your session is now on {time}. You both get the new time by mail.', {
        time: formatSessionTime(result.data.booking.startTime, viewerZone),
      }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <CalendarClock aria-hidden="true" />
          {t('Reschedule')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('Move this session')}</DialogTitle>
          <DialogDescription>
            {t(
              'Now on {time}. Pick another free hour of {name}; nothing more is charged, and the room link stays the same.',
              { time: formatSessionTime(booking.startTime, viewerZone), name: booking.mentor.name },
            )}
          </DialogDescription>
        </DialogHeader>
        <p className="text-xs text-pretty text-muted-foreground">
          {translate(RESCHEDULE_POLICY)} {movesLeftText(booking)}
        </p>
        {slots.isError ? (
          <FormAlert>
            {t('The free hours could not be loaded.')}{' '}
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => void slots.refetch()}>
              {t('Try again')}
            </Button>
          </FormAlert>
        ) : !slots.data ? (
          <div className="flex flex-col gap-3" aria-label={t('Loading free hours')}>
            <Skeleton className="h-9" />
            <Skeleton className="h-64" />
          </div>
        ) : (
          <SlotPicker
            slots={slots.data.slots}
            from={span.from}
            to={span.to}
            zone={zone}
            onZoneChange={setZone}
            chosen={chosen}
            onChoose={setChosen}
          />
        )}
        {failure && <FormAlert>{translate(failure)}</FormAlert>}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={moving.isLoading}
            onClick={() => openChange(false)}
          >
            {t('Keep the time')}
          </Button>
          <SubmitButton
            type="button"
            pending={moving.isLoading}
            disabled={chosen === null}
            size="default"
            // The chosen time is long: on a phone it wraps rather than widen the dialog.
            className="h-auto min-h-9 whitespace-normal"
            onClick={() => void move()}
          >
            {chosen === null
              ? t('Choose a new hour')
              : t('Move to {time}', { time: formatSessionTime(chosen, zone) })}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
