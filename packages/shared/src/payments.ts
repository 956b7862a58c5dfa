import { z } from 'zod';
import { BOOKING_CURRENCY } from './bookings';
import { msg } from './i18n/msg';
import { idSchema } from './ids';

/** Paying for a booking (DESIGN.md §4 "Bookings and payments"): the request, the answer and the sandbox's test cards. */

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The sandbox checkout's test cards (spaces are ignored). */
export const SANDBOX_CARD_SUCCEEDS = '4242 4242 4242 4242';
export const SANDBOX_CARD_DECLINED = '4000 0000 0000 0002';

export const paymentMessages = {
  notPayable: msg('This booking is no longer waiting for payment.'),
  holdLapsed: msg('The 15-minute hold on this slot has lapsed. Please choose the slot again.'),
  notYourBooking: msg('Booking not found.'),
  unknownProvider: msg('Unknown payment provider.'),
  badSignature: msg('The webhook signature does not match.'),
  /** A correctly signed webhook whose body is not the provider's event shape (DESIGN.md §4b). */
  malformedWebhook: msg('The webhook event is not in the provider’s format.'),
  /** `POST /api/payments/create` when the provider does not answer in time (DESIGN.md §4b), with 502. */
  providerSilent: msg('The payment service did not answer. Your slot is still held; try again in a minute.'),
  cardDeclined: msg('Your card was declined. No money was taken.'),
  cardUnknown: msg('That is not one of the test cards below. No real card can be used here.'),
} as const;

/** `POST /api/payments/create`. */
export const createPaymentBodySchema = z.object({ bookingId: idSchema });
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;

export const createPaymentResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  paymentId: z.string(),
  /** Paise. */
  amount: z.number().int(),
  currency: z.literal(BOOKING_CURRENCY),
  /** sandbox: the api's own test checkout page. */
  checkoutUrl: z.string().optional(),
  /** razorpay: Checkout's order and public key. */
  orderId: z.string().optional(),
  keyId: z.string().optional(),
  /** stripe: the Payment Element's secret and public key. */
  clientSecret: z.string().optional(),
  publishableKey: z.string().optional(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/** What `POST /api/payments/webhook/:provider` answers a provider whose event it took (or knowingly ignored). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
