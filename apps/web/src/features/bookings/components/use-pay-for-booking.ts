import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { useCreatePaymentMutation } from '../api';

/**
 * Starts paying for a held booking (DESIGN.md §4 `POST /api/payments/create`) and hands the browser to the
 * provider. The sandbox's checkout is a page of the api, which sends the browser back to
 * /payment-success?bookingId=… once its webhook is delivered.
 */
export function usePayForBooking(bookingId: string) {
  const [createPayment] = useCreatePaymentMutation();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function pay() {
    setPaying(true);
    setFailure(null);
    const result = await createPayment({ bookingId });
    if (result.error) {
      setPaying(false);
      setFailure(errorMessage(result.error, 'The payment could not be started. Please try again.'));
      return;
    }
    const { checkoutUrl } = result.data;
    if (checkoutUrl) {
      // Leaving for the checkout: the button stays busy until the page goes.
      window.location.assign(checkoutUrl);
      return;
    }
    setPaying(false);
    setFailure('This payment provider cannot be opened from here. Please try again later.');
  }

  return { pay, paying, failure };
}
