import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_SUCCEEDS } from '@skillroute/shared/payments';
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
