import type { Booking } from '@skillroute/shared/bookings';
import { FormAlert } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatPaise } from '@skillroute/shared/money';
import { t, translate } from '@/lib/i18n';
import { StripePaymentDialog } from './stripe-payment-dialog';
import { usePayForBooking } from './use-pay-for-booking';

/** Pay for a booking still on hold, from the bookings list (the same hand-over as the booking panel's). */
export function ResumePaymentButton({ booking }: { booking: Booking }) {
  const { pay, paying, failure, stripe, closeStripe } = usePayForBooking(booking.id);
  return (
    <div className="grid gap-2">
      <SubmitButton type="button" size="sm" variant="default" pending={paying} onClick={() => void pay()}>
        {t('Pay {amount}', { amount: formatPaise(booking.amount) })}
      </SubmitButton>
      {failure && <FormAlert>{translate(failure)}</FormAlert>}
      {stripe && <StripePaymentDialog payment={stripe} bookingId={booking.id} onClose={closeStripe} />}
    </div>
  );
}
