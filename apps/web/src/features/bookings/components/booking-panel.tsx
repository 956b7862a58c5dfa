import {
  AGENDA_MAX,
  CANCELLATION_POLICY,
  RESCHEDULE_POLICY,
  createBookingBodySchema,
  type Booking,
} from '@skillroute/shared/bookings';
import { NO_SHOW_POLICY } from '@skillroute/shared/no-shows';
import { CalendarClock } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { selectCurrentUser } from '@/features/auth/api';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { formatPaise, formatRupees } from '@skillroute/shared/money';
import { useCreateBookingMutation } from '../api';
import { formatSessionTime } from '@/lib/session-time';
import { useClock } from '@/lib/use-clock';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
import { HoldCountdown } from './hold-countdown';
import {
  LearningPicker,
  learningFields,
  learningFromAddress,
  noLearning,
  type LearningChoice,
} from './learning-picker';
import { StripePaymentDialog } from './stripe-payment-dialog';
import { usePayForBooking } from './use-pay-for-booking';

export interface BookingPanelProps {
  mentorId: string;
  /** The mentor's rate in whole rupees; null when they have set none. */
  pricePerSession: number | null;
  /** The chosen hour's start instant, or null before one is chosen. */
  slot: string | null;
  /** The zone the visitor reads times in. */
  zone: string;
  /** Forgets the chosen hour (a lapsed hold sends the visitor back to choosing). */
  clearSlot: () => void;
  /** The visitor's own running hold with this mentor, as the api lists it (after a reload or Back too). */
  hold?: Booking | undefined;
}

/**
 * Booking the chosen hour (DESIGN.md §4): the slot, the price and the cancellation policy, then Book. A
 * booking holds the slot for 15 minutes while the mentee pays; Pay hands over to the payment provider,
 * which comes back to /payment-success. A visitor who is not signed in signs in first and comes back to
 * this mentor with the same hour chosen (?slot=). One's own running hold, just made or read back (`hold`),
 * stays on the panel until paid or lapsed, whatever hour is chosen: a mentee holds one hour with a mentor.
 */
export function BookingPanel({ mentorId, pricePerSession, slot, zone, clearSlot, hold }: BookingPanelProps) {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [createBooking, creating] = useCreateBookingMutation();
  const [made, setMade] = useState<Booking | null>(null);
  const [lapsedIds, setLapsedIds] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [lapsed, setLapsed] = useState(false);
  const agendaId = useId();
  const [agenda, setAgenda] = useState('');
  const [agendaError, setAgendaError] = useState<string | undefined>(undefined);
  // A topic's "Find a mentor for …" carries its roadmap and topic here, through the mentor search and sign-in.
  const [searchParams] = useSearchParams();
  const [learning, setLearning] = useState<LearningChoice>(() => learningFromAddress(searchParams));
  // The list read back may lag the hold just made, and may still list one that lapsed a moment ago.
  const held = [made, hold].find(
    (booking): booking is Booking => booking != null && !lapsedIds.includes(booking.id),
  );

  if (user?.id === mentorId) {
    return (
      <PanelFrame>
        <p className="text-sm text-muted-foreground">
          {t('This is your own profile: others book these hours with you.')}
        </p>
      </PanelFrame>
    );
  }

  if (held) {
    return (
      <PanelFrame>
        <HeldBooking
          booking={held}
          zone={zone}
          otherHourChosen={slot !== null && slot !== held.startTime}
          onLapsed={() => {
            setLapsedIds((ids) => [...ids, held.id]);
            setMade(null);
            setLapsed(true);
            clearSlot();
            // The lapsed hold freed the hour: read the free hours and one's holds again.
            dispatch(api.util.invalidateTags(['AvailbilityMentor', 'BookingData']));
          }}
        />
      </PanelFrame>
    );
  }

  async function book() {
    if (!slot) return;
    if (!user) {
      const back = new URLSearchParams({ slot });
      for (const key of ['roadmap', 'topic']) {
        const carried = searchParams.get(key);
        if (carried) back.set(key, carried);
      }
      void navigate('/login', { state: { from: `/mentor-profile/${mentorId}?${back.toString()}` } });
      return;
    }
    setFailure(null);
    setLapsed(false);
    // The endpoint's own rule for the agenda: trimmed, at most AGENDA_MAX characters, empty for none.
    const checked = createBookingBodySchema.shape.agenda.safeParse(agenda);
    if (!checked.success) {
      setAgendaError(checked.error.issues[0]?.message);
      return;
    }
    setAgendaError(undefined);
    const result = await createBooking({
      mentorId,
      startTime: slot,
      ...(checked.data ? { agenda: checked.data } : {}),
      ...learningFields(learning),
    });
    if (result.error)
      setFailure(errorMessage(result.error, t('The booking could not be made. Please try again.')));
    else {
      setMade(result.data.booking);
      setAgenda('');
      setLearning(noLearning);
    }
  }

  return (
    <PanelFrame>
      {lapsed && !slot && (
        <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          {t('Your hold lapsed. Choose a time again to book it.')}
        </p>
      )}
      {!slot ? (
        <p className="text-sm text-muted-foreground">
          {t('Choose a free hour above to book a one-hour session.')}
        </p>
      ) : (
        <>
          <SessionLine start={slot} zone={zone} />
          {pricePerSession !== null && (
            <p className="flex items-baseline justify-between gap-2 text-sm">
              <span className="text-muted-foreground">{t('Price')}</span>
              <span className="text-base font-semibold">{formatRupees(pricePerSession)}</span>
            </p>
          )}
          <p className="text-xs text-pretty text-muted-foreground">
            <span className="font-medium text-foreground">{t('Cancellation policy:')} </span>
            {translate(CANCELLATION_POLICY)}
          </p>
          <p className="text-xs text-pretty text-muted-foreground">
            <span className="font-medium text-foreground">{t('Moving the session:')} </span>
            {translate(RESCHEDULE_POLICY)}
          </p>
          <p className="text-xs text-pretty text-muted-foreground">
            <span className="font-medium text-foreground">{t('If someone does not come:')} </span>
            {translate(NO_SHOW_POLICY)}
          </p>
          {/* Signed out, Book first signs in: the agenda is asked for on the way back, so nothing is lost. */}
          {user && (
            <FormField
              id={agendaId}
              label={t('What would you like to talk about?')}
              error={agendaError && translate(agendaError)}
              hint={t('Optional. {count}/{max}', { count: agenda.length, max: AGENDA_MAX })}
            >
              {(control) => (
                <Textarea
                  {...control}
                  value={agenda}
                  onChange={(event) => setAgenda(event.target.value)}
                  rows={3}
                />
              )}
            </FormField>
          )}
          {user && <LearningPicker value={learning} onChange={setLearning} />}
          {failure && <FormAlert>{translate(failure)}</FormAlert>}
          <SubmitButton
            type="button"
            className="w-full"
            pending={creating.isLoading}
            onClick={() => void book()}
          >
            {t('Book')}
          </SubmitButton>
        </>
      )}
    </PanelFrame>
  );
}

function HeldBooking({
  booking,
  zone,
  otherHourChosen,
  onLapsed,
}: {
  booking: Booking;
  zone: string;
  otherHourChosen: boolean;
  onLapsed: () => void;
}) {
  const now = useClock(1000);
  const msLeft = Date.parse(booking.holdExpiresAt) - now;
  const { pay, paying, failure, stripe, closeStripe } = usePayForBooking(booking.id);

  useEffect(() => {
    if (msLeft <= 0) onLapsed();
  }, [msLeft, onLapsed]);

  return (
    <>
      <SessionLine start={booking.startTime} zone={zone} />
      <HoldCountdown msLeft={msLeft} />
      {otherHourChosen && (
        <p className="text-xs text-pretty text-muted-foreground">
          {t(
            'You can hold one hour with a mentor at a time: pay for this one, or choose another once it lapses.',
          )}
        </p>
      )}
      {failure && <FormAlert>{translate(failure)}</FormAlert>}
      <SubmitButton type="button" className="w-full" pending={paying} onClick={() => void pay()}>
        {t('Pay {amount}', { amount: formatPaise(booking.amount) })}
      </SubmitButton>
      {stripe && <StripePaymentDialog payment={stripe} bookingId={booking.id} onClose={closeStripe} />}
    </>
  );
}

function SessionLine({ start, zone }: { start: string; zone: string }) {
  return (
    <p className="flex items-start gap-2 text-sm">
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        <span className="font-medium">{formatSessionTime(start, zone)}</span>
        <span className="text-muted-foreground"> · {t('1 hour')}</span>
      </span>
    </p>
  );
}

function PanelFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="booking-panel-title" className="flex flex-col gap-3 border-t pt-4">
      <h3 id="booking-panel-title" className="text-base font-semibold">
        {t('Book a session')}
      </h3>
      {children}
    </section>
  );
}
