import type { Booking } from '@skillroute/shared/bookings';
import { CalendarClock, CalendarPlus, CircleCheck, CircleX, Clock, Mail } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { selectCurrentUser } from '@/features/auth/api';
import { errorStatus } from '@/lib/api-error';
import { formatPaise } from '@skillroute/shared/money';
import { bookingCalendarPath, useGetBookingQuery } from '../api';
import { TryAnotherCard } from '../components/try-another-card';
import { formatSessionTime } from '@/lib/session-time';
import { useViewerZone } from '@/features/auth/api';
import { paymentOutcome, paymentWaitEnds } from '../rules';
import { useClock } from '@/lib/use-clock';
import { useAppSelector } from '@/lib/store-hooks';
import { t } from '@/lib/i18n';

const NAME_MARK = '\u0000';

/** How often the page asks whether the provider's word has come. */
export const PAYMENT_POLL_MS = 1500;

/**
 * /payment-success?bookingId=… (spec §2): where every provider's checkout sends the payer. The booking is
 * confirmed by the provider's webhook, not by arriving here, so the page asks the api until the booking
 * leaves pending_payment, or until a minute after its hold ends.
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const bookingId = searchParams.get('bookingId') ?? '';
  const now = useClock(PAYMENT_POLL_MS);
  const first = useGetBookingQuery(bookingId, { skip: bookingId === '' });
  const booking = first.data?.booking;
  const waiting = booking !== undefined && paymentOutcome(booking.status) === 'waiting';
  const gaveUp = booking !== undefined && now > paymentWaitEnds(booking);
  // Polling stops on its own once the answer is in or the wait is over.
  useGetBookingQuery(bookingId, { skip: !waiting || gaveUp, pollingInterval: PAYMENT_POLL_MS });

  const status = errorStatus(first.error);
  if (bookingId === '' || status === 404 || status === 400) {
    return (
      <Outcome
        icon={<CircleX className="size-10 text-destructive" aria-hidden="true" />}
        title={t('Booking not found')}
      >
        <p>{t('We could not find this booking. Your bookings are listed in your profile.')}</p>
        <Link to="/profile/bookings" className={buttonVariants({ variant: 'outline' })}>
          {t('Your bookings')}
        </Link>
      </Outcome>
    );
  }
  if (first.isError) {
    return (
      <Outcome
        icon={<CircleX className="size-10 text-destructive" aria-hidden="true" />}
        title={t('We could not check your payment')}
      >
        <p>{t('The booking could not be loaded.')}</p>
        <Button type="button" variant="outline" onClick={() => void first.refetch()}>
          {t('Try again')}
        </Button>
      </Outcome>
    );
  }
  if (!booking || (waiting && !gaveUp)) {
    return (
      <div
        role="status"
        aria-label={t('Waiting for the payment to be confirmed')}
        className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      >
        <Spinner className="size-10 text-primary" />
        <p className="text-lg font-medium">{t('Confirming your payment…')}</p>
        <p className="text-sm text-muted-foreground">
          {t('This usually takes a few seconds. Please keep this page open.')}
        </p>
      </div>
    );
  }
  return <Answer booking={booking} stillWaiting={waiting} />;
}

function Answer({ booking, stillWaiting }: { booking: Booking; stillWaiting: boolean }) {
  const zone = useViewerZone();
  const navigate = useNavigate();
  const isPayer = useAppSelector(selectCurrentUser)?.id === booking.menteeId;
  const backToMentor = (
    <Link to={`/mentor-profile/${booking.mentorId}`} className={buttonVariants({ variant: 'outline' })}>
      {t('Back to {name}', { name: booking.mentor.name })}
    </Link>
  );
  if (stillWaiting) {
    return (
      <Outcome
        icon={<Clock className="size-10 text-muted-foreground" aria-hidden="true" />}
        title={t('Your payment is still being processed')}
      >
        <p>
          {t(
            'We have not heard from the payment provider yet. Your bookings page will show the session once the payment is confirmed.',
          )}
        </p>
        <Link to="/profile/bookings" className={buttonVariants({ variant: 'outline' })}>
          {t('Your bookings')}
        </Link>
      </Outcome>
    );
  }
  switch (paymentOutcome(booking.status)) {
    case 'confirmed': {
      // The sentence whole for the translator; the mentor's name, set apart for the eye, goes where it says {name}.
      const [before, after = ''] = t('Your session with {name} is confirmed. You paid {amount}.', {
        name: NAME_MARK,
        amount: formatPaise(booking.amount),
      }).split(NAME_MARK);
      return (
        <Outcome
          icon={<CircleCheck className="size-10 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />}
          title={t('Booking completed')}
        >
          <p>
            {before}
            <span className="font-medium text-foreground">{booking.mentor.name}</span>
            {after}
          </p>
          <p className="font-medium text-balance text-foreground">
            <CalendarClock
              className="mr-1.5 inline size-5 align-text-bottom text-muted-foreground"
              aria-hidden="true"
            />
            {formatSessionTime(booking.startTime, zone)}
            <span className="font-normal whitespace-nowrap text-muted-foreground"> · {t('1 hour')}</span>
          </p>
          <p className="flex items-center gap-2 text-sm">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {t('We’ve e-mailed you the details.')}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {/* The confirmation mail's own event: a download from the api, not a page of the app. */}
            <a
              href={bookingCalendarPath(booking.id)}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <CalendarPlus aria-hidden="true" />
              {t('Add to calendar')}
            </a>
            <Button type="button" onClick={() => void navigate('/profile/bookings')}>
              {t('Continue')}
            </Button>
          </div>
        </Outcome>
      );
    }
    case 'declined':
      return (
        <Outcome
          icon={<CircleX className="size-10 text-destructive" aria-hidden="true" />}
          title={t('Payment declined')}
        >
          <p>{t('Your payment was declined. No money was taken.')}</p>
          {isPayer ? <TryAnotherCard booking={booking} back={backToMentor} /> : backToMentor}
        </Outcome>
      );
    case 'lapsed':
      return (
        <Outcome
          icon={<Clock className="size-10 text-muted-foreground" aria-hidden="true" />}
          title={t('Your hold lapsed')}
        >
          <p>
            {t(
              'The 15-minute hold on this slot lapsed before the payment came through. Please choose a time again.',
            )}
          </p>
          {backToMentor}
        </Outcome>
      );
    default:
      return (
        <Outcome
          icon={<CircleX className="size-10 text-muted-foreground" aria-hidden="true" />}
          title={t('This booking was cancelled')}
        >
          <p>{t('The session is no longer booked. Any refund is shown with the booking.')}</p>
          <Link to="/profile/bookings" className={buttonVariants({ variant: 'outline' })}>
            {t('Your bookings')}
          </Link>
        </Outcome>
      );
  }
}

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The spinner's status gives way to the answer: focus on its heading, so a screen reader reads it out.
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section
      aria-labelledby="payment-outcome"
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      {icon}
      <h1
        ref={heading}
        id="payment-outcome"
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight outline-none"
      >
        {title}
      </h1>
      <div className="flex flex-col items-center gap-4 text-pretty text-muted-foreground">{children}</div>
    </section>
  );
}
