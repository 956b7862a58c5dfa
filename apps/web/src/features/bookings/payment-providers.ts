import type { CreatePaymentResponse } from '@skillroute/shared/payments';
import { loadScript } from '@/lib/load-script';
import { t } from '@/lib/i18n';

/**
 * The browser side of the real providers (DESIGN.md §4). Whatever the provider, the payer ends on
 * /payment-success?bookingId=…, where the booking's status (set by the provider's webhook) decides.
 */

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const STRIPE_SCRIPT_URL = 'https://js.stripe.com/v3';

/** Where every checkout comes back to. */
export const paymentReturnPath = (bookingId: string): string =>
  `/payment-success?${new URLSearchParams({ bookingId }).toString()}`;

interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  handler: () => void;
  modal: { ondismiss: () => void };
}

/** The parts of Stripe.js the Payment Element needs. */
export interface StripeJs {
  elements(options: { clientSecret: string; appearance?: { theme: 'stripe' | 'night' } }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
}
export interface StripeElements {
  create(type: 'payment'): { mount(element: HTMLElement): void; destroy(): void };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open(): void };
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

/**
 * Opens Razorpay Checkout for the order; a paid order goes on to the return page, a closed one calls
 * `onDismiss` so the Pay button can be used again.
 */
export async function openRazorpayCheckout(
  payment: CreatePaymentResponse & { orderId: string; keyId: string },
  bookingId: string,
  onDismiss: () => void,
): Promise<void> {
  if (!window.Razorpay) await loadScript(RAZORPAY_SCRIPT_URL);
  if (!window.Razorpay) throw new Error('Razorpay Checkout did not start');
  new window.Razorpay({
    key: payment.keyId,
    order_id: payment.orderId,
    amount: payment.amount,
    currency: payment.currency,
    name: 'Skillroute',
    description: t('One-hour mentoring session'),
    handler: () => window.location.assign(paymentReturnPath(bookingId)),
    modal: { ondismiss: onDismiss },
  }).open();
}

/** Stripe.js for a publishable key, loaded once. */
export async function loadStripe(publishableKey: string): Promise<StripeJs> {
  if (!window.Stripe) await loadScript(STRIPE_SCRIPT_URL);
  if (!window.Stripe) throw new Error('Stripe did not start');
  return window.Stripe(publishableKey);
}
