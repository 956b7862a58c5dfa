import { expect } from 'vitest';
import { bookingResponseSchema, type Booking } from '@skillroute/shared/bookings';
import { createPaymentResponseSchema } from '@skillroute/shared/payments';
import { deriveSandboxWebhookSecret, signSandboxEvent } from '../src/adapters/payments/sandbox';
import type { TestApp } from './helpers';

/**
 * A session held and paid as a mentee books one: `POST /api/bookings`, `POST /api/payments/create`, then the
 * sandbox's signed `payment_succeeded` webhook for `amount` paise. `beforePaying` runs between the payment's
 * creation and its webhook (a hold that lapses meanwhile). Answers the booking as held.
 */
export async function bookAndPay(
  t: TestApp,
  input: {
    menteeCookie: string;
    mentorId: string;
    start: Date;
    amount: number;
    beforePaying?: (booking: Booking) => Promise<void>;
  },
): Promise<Booking> {
  const cookie = { cookie: input.menteeCookie };
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: cookie,
    payload: { mentorId: input.mentorId, startTime: input.start.toISOString() },
  });
  expect(held.statusCode, held.body).toBe(201);
  const { booking } = bookingResponseSchema.parse(held.json());
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: cookie,
    payload: { bookingId: booking.id },
  });
  expect(created.statusCode, created.body).toBe(200);
  const payment = createPaymentResponseSchema.parse(created.json());
  await input.beforePaying?.(booking);
  const signed = signSandboxEvent(deriveSandboxWebhookSecret(t.config.jwtSecret), {
    kind: 'payment_succeeded',
    paymentId: payment.paymentId,
    amount: input.amount,
    currency: 'INR',
  });
  const delivered = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: signed.headers,
    payload: signed.body,
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return booking;
}
