import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { useCreatePaymentMutation } from '../api';
import { openRazorpayCheckout } from '../payment-providers';
import type { StripePayment } from './stripe-payment-dialog';

const COULD_NOT_OPEN = 'The payment could not be opened. Please try again.';

/**
 * Starts paying for a held booking (DESIGN.md §4 `POST /api/payments/create`) and hands over to the
 * provider the api chose: the sandbox's checkout is a page of the api; Razorpay opens its Checkout; Stripe
 * needs its Payment Element, which the caller shows while `stripe` is set. Each ends on /payment-success.
 */
export function usePayForBooking(bookingId: string) {
  const [createPayment] = useCreatePaymentMutation();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [stripe, setStripe] = useState<StripePayment | null>(null);

  async function pay() {
    setPaying(true);
    setFailure(null);
    const result = await createPayment({ bookingId });
    if (result.error) {
      setPaying(false);
      setFailure(errorMessage(result.error, 'The payment could not be started. Please try again.'));
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
      await openRazorpayCheckout({ ...payment, orderId, keyId }, bookingId, () => setPaying(false)).catch(
        () => {
          setPaying(false);
          setFailure(COULD_NOT_OPEN);
        },
      );
      return;
    }
    setPaying(false);
    if (payment.provider === 'stripe' && clientSecret && publishableKey)
      setStripe({ clientSecret, publishableKey, amount: payment.amount });
    else setFailure(COULD_NOT_OPEN);
  }

  return { pay, paying, failure, stripe, closeStripe: () => setStripe(null) };
}
