import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_SUCCEEDS } from '@skillroute/shared/payments';
import type { BookingStatus } from '@skillroute/shared/bookings';
import type { Paise } from '@skillroute/shared/money';
import type { PaymentEvent } from '../../adapters/payments/payment-provider';

/** Digits only: people type cards with spaces or dashes. */
export const normalizeCardNumber = (text: string): string => text.replace(/[\s-]/g, '');

/** What a sandbox test card does: the two of DESIGN.md §4, or undefined for any other number. */
export function sandboxCardOutcome(cardNumber: string): PaymentEvent['kind'] | undefined {
  const digits = normalizeCardNumber(cardNumber);
  if (digits === normalizeCardNumber(SANDBOX_CARD_SUCCEEDS)) return 'payment_succeeded';
  if (digits === normalizeCardNumber(SANDBOX_CARD_DECLINED)) return 'payment_failed';
  return undefined;
}

/**
 * What a verified payment event does to its booking, decided from the booking's status and the event alone
 * (the webhook's one rule, DESIGN.md §4). `outcome` is what payment_events records and the log says.
 */
export type EventAction =
  /** The payment is the booking's: pending_payment → confirmed. */
  | { do: 'confirm' }
  /** Paid after the hold lapsed (or after an earlier attempt failed): confirmed if the slot is still free, else refunded in full. */
  | { do: 'confirm_late_or_refund' }
  /** pending_payment → payment_failed, which frees the slot. */
  | { do: 'fail' }
  /** A pending refund of the booking has settled. */
  | { do: 'settle_refund' }
  /** Paid for a booking one of whose people is blocked: refunded in full (party_blocked), never confirmed. */
  | { do: 'refund_blocked' }
  | { do: 'ignore'; outcome: IgnoredOutcome };

export type IgnoredOutcome =
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'already_settled'
  | 'stale_failure'
  | 'refund_exceeds_amount'
  | 'refund_decided';

export function actionFor(
  booking: {
    status: BookingStatus;
    amount: Paise;
    currency: string;
    refundAmount: Paise | null;
    partyBlocked: boolean;
  },
  event: Pick<PaymentEvent, 'kind' | 'amountPaise' | 'currency'>,
): EventAction {
  if (event.currency.toUpperCase() !== booking.currency)
    return { do: 'ignore', outcome: 'currency_mismatch' };
  if (event.kind === 'payment_refunded') {
    // Stripe reports the charge's running total, Razorpay each refund: either way never more than was paid.
    return event.amountPaise <= booking.amount
      ? { do: 'settle_refund' }
      : { do: 'ignore', outcome: 'refund_exceeds_amount' };
  }
  if (event.amountPaise !== booking.amount) return { do: 'ignore', outcome: 'amount_mismatch' };
  if (event.kind === 'payment_failed') {
    // A failure after a success (events out of order, or a failed retry of a paid order) changes nothing.
    return booking.status === 'pending_payment' ? { do: 'fail' } : { do: 'ignore', outcome: 'stale_failure' };
  }
  // Once a refund of this payment is decided (a late payment whose hour was taken), the money is on its way
  // back: a later report of the same payment (Razorpay's order.paid, a redelivery under a new event id) never
  // confirms, even when the hour has freed up since (DESIGN.md §4b).
  if (booking.refundAmount !== null) return { do: 'ignore', outcome: 'refund_decided' };
  // A blocked person's booking takes no payment (DESIGN.md §4b): what was paid for it goes back.
  if (booking.partyBlocked && ['pending_payment', 'expired', 'payment_failed'].includes(booking.status))
    return { do: 'refund_blocked' };
  if (booking.status === 'pending_payment') return { do: 'confirm' };
  if (booking.status === 'expired' || booking.status === 'payment_failed')
    return { do: 'confirm_late_or_refund' };
  // confirmed, completed or cancelled: a second event for the same payment (Razorpay sends payment.captured and order.paid).
  return { do: 'ignore', outcome: 'already_settled' };
}
