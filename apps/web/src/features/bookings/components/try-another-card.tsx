import { SESSION_MINUTES, type Booking } from '@skillroute/shared/bookings';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useGetMentorSlotsQuery } from '@/features/mentors/api';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { StripePaymentDialog } from './stripe-payment-dialog';
import { usePayForBooking } from './use-pay-for-booking';
import { useCreateBookingMutation } from '../api';

const noLongerFree = () => t('This hour is no longer free. Please choose another time.');

/**
 * After a declined card: while the hour is still free, a new hold of the same hour and on to pay for it (the
 * declined booking stays as it was); once the hour is taken, or too near to book, that is said plainly, with
 * the way to choose another time. Whether it is free is read from the mentor's free hours first; the hold
 * itself decides (a 409 says the same).
 */
export function TryAnotherCard({ booking, back }: { booking: Booking; back: ReactNode }) {
  // The new hold, once made: from then on the hour is ours, and no longer among the free ones.
  const [held, setHeld] = useState<string | null>(null);
  const free = useGetMentorSlotsQuery(
    {
      mentorId: booking.mentorId,
      from: booking.startTime,
      to: new Date(Date.parse(booking.startTime) + SESSION_MINUTES * 60_000).toISOString(),
    },
    { skip: held !== null },
  );
  const [createBooking, creating] = useCreateBookingMutation();
  const { pay, paying, failure: payFailure, stripe, closeStripe } = usePayForBooking(booking.id);
  const [taken, setTaken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chooseAnother = (
    <Link to={`/mentor-profile/${booking.mentorId}`} className={buttonVariants({ variant: 'outline' })}>
      {t('Choose another time')}
    </Link>
  );

  if (held === null && !free.data && !free.isError) return null;
  const stillFree =
    held !== null ||
    free.isError ||
    free.data?.slots.some((slot) => slot.startTime === booking.startTime) === true;
  if (taken !== null || !stillFree) {
    return (
      <>
        <p role="status">{taken ?? noLongerFree()}</p>
        {chooseAnother}
      </>
    );
  }

  async function tryAgain() {
    setFailure(null);
    if (held !== null) return pay(held);
    const result = await createBooking({ mentorId: booking.mentorId, startTime: booking.startTime });
    if (result.error) {
      const status = errorStatus(result.error);
      // Taken meanwhile, too near now, or a hold limit: the api's own words, and another time to choose.
      if (status === 409 || status === 400 || status === 429)
        setTaken(errorMessage(result.error, noLongerFree()));
      else setFailure(errorMessage(result.error, t('The hour could not be held again. Please try again.')));
      return;
    }
    setHeld(result.data.booking.id);
    await pay(result.data.booking.id);
  }

  return (
    <>
      {held === null && <p>{t('The hour is still free: hold it again and pay with another card.')}</p>}
      {(failure ?? payFailure) && <FormAlert>{translate(failure ?? payFailure ?? '')}</FormAlert>}
      <div className="flex flex-wrap justify-center gap-3">
        <SubmitButton type="button" pending={creating.isLoading || paying} onClick={() => void tryAgain()}>
          {t('Try another card')}
        </SubmitButton>
        {back}
      </div>
      {stripe && <StripePaymentDialog payment={stripe} bookingId={stripe.bookingId} onClose={closeStripe} />}
    </>
  );
}
