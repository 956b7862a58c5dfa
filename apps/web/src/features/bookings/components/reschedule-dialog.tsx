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
import { useRescheduleBookingMutation } from '../api';

const movesLeftText = (booking: Booking) => {
  const left = RESCHEDULE_MAX - booking.rescheduleCount;
  return left === 1 ? 'This is the last time it can be moved.' : `It can be moved ${left} more times.`;
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
      setFailure(errorMessage(result.error, 'The session could not be moved. Please try again.'));
      setChosen(null);
      void slots.refetch();
      return;
    }
    setOpen(false);
    toast({
      title: 'Session moved',
      description: `Your session is now on ${formatSessionTime(result.data.booking.startTime, viewerZone)}. You both get the new time by mail.`,
    });
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <CalendarClock aria-hidden="true" />
          Reschedule
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Move this session</DialogTitle>
          <DialogDescription>
            Now on {formatSessionTime(booking.startTime, viewerZone)}. Pick another free hour of{' '}
            {booking.mentor.name}; nothing more is charged, and the room link stays the same.
          </DialogDescription>
        </DialogHeader>
        <p className="text-xs text-pretty text-muted-foreground">
          {RESCHEDULE_POLICY} {movesLeftText(booking)}
        </p>
        {slots.isError ? (
          <FormAlert>
            The free hours could not be loaded.{' '}
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => void slots.refetch()}>
              Try again
            </Button>
          </FormAlert>
        ) : !slots.data ? (
          <div className="flex flex-col gap-3" aria-label="Loading free hours">
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
        {failure && <FormAlert>{failure}</FormAlert>}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={moving.isLoading}
            onClick={() => openChange(false)}
          >
            Keep the time
          </Button>
          <SubmitButton
            type="button"
            pending={moving.isLoading}
            disabled={chosen === null}
            size="default"
            onClick={() => void move()}
          >
            {chosen === null ? 'Choose a new hour' : `Move to ${formatSessionTime(chosen, zone)}`}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
