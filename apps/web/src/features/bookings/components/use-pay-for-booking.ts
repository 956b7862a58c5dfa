import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { useCreatePaymentMutation } from '../api';
import { openRazorpayCheckout } from '../payment-providers';
import type { StripePayment } from './stripe-payment-dialog';

const couldNotOpen = () => t('The payment could not be opened. Please try again.');

/**
 * Starts paying for a held booking (DESIGN.md §4 `POST /api/payments/create`) and hands over to the
 * provider the api chose: the sandbox's checkout is a page of the api; Razorpay opens its Checkout; Stripe
 * needs its Payment Element, which the caller shows while `stripe` is set. Each ends on /payment-success.
 * `pay` pays for `bookingId`, or for another booking just made (a new hold for a declined card's hour).
 */
export function usePayForBooking(bookingId: string) {
  const [createPayment] = useCreatePaymentMutation();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // With the booking it pays for, which may be one just made rather than `bookingId`.
  const [stripe, setStripe] = useState<(StripePayment & { bookingId: string }) | null>(null);

  async function pay(id: string = bookingId) {
    setPaying(true);
    setFailure(null);
    const result = await createPayment({ bookingId: id });
    if (result.error) {
      setPaying(false);
      setFailure(errorMessage(result.error, t('The payment could not be started. Please try again.')));
      return;
    }
    const payment = result.data;
    if (payment.checkoutUrl) {
      // Leaving for the checkout: the button stays busy until the page goes.
      window.location.assign(payment.checkoutUrl);
      return;
    }
    const { orderId, keyId, clientSecret, publishableKey } = payment;
    if (payment.provider === 'razorpay' && orderId && keyId) {
      await openRazorpayCheckout({ ...payment, orderId, keyId }, id, () => setPaying(false)).catch(() => {
        setPaying(false);
        setFailure(couldNotOpen());
      });
      return;
    }
    setPaying(false);
    if (payment.provider === 'stripe' && clientSecret && publishableKey)
      setStripe({ clientSecret, publishableKey, amount: payment.amount, bookingId: id });
    else setFailure(couldNotOpen());
  }

  return { pay, paying, failure, stripe, closeStripe: () => setStripe(null) };
}
