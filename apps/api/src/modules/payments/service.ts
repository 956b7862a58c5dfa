import { bookingMessages, paymentRefusal } from '@skillroute/shared/bookings';
import {
  paymentMessages,
  type CreatePaymentBody,
  type CreatePaymentResponse,
} from '@skillroute/shared/payments';
import {
  isPayoutEvent,
  PaymentProviderUnavailableError,
  WebhookPayloadError,
  WebhookSignatureError,
  type PaymentEvent,
  type PayoutEvent,
  type WebhookInput,
} from '../../adapters/payments/payment-provider';
import { within, type ServiceContext, type UserContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { settleRefundNow } from '../bookings/refunds';
import { readBooking } from '../bookings/service';
import { applyPayoutEvent } from '../ledger/payout-events';
import { applyPaymentEvent, type AppliedPaymentEvent } from './events';
import * as repository from './repository';

/**
 * `POST /api/payments/create`: starts paying for one's own held booking with the configured provider. The
 * booking id is the idempotency key, so asking again (a reload, a second tab) gives the same payment.
 */
export async function createPayment(
  ctx: UserContext,
  body: CreatePaymentBody,
): Promise<CreatePaymentResponse> {
  const booking = await readBooking(ctx, { bookingId: body.bookingId });
  const refusal = paymentRefusal(booking, ctx.user.id, ctx.clock.now());
  if (refusal === 'not_yours') throw new AppError('not_found', bookingMessages.notFound);
  if (refusal === 'not_payable') throw new AppError('conflict', paymentMessages.notPayable);
  if (refusal === 'hold_lapsed') throw new AppError('conflict', paymentMessages.holdLapsed);
  const created = await ctx.payments
    .createPayment({
      bookingId: booking.id,
      amountPaise: booking.amount,
      currency: 'INR',
      idempotencyKey: booking.id,
    })
    .catch((error: unknown) => {
      // Nothing was written yet, so the hold stands as it was; the same idempotency key makes a retry safe.
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      ctx.log.warn(
        { provider: error.provider, detail: error.detail, bookingId: booking.id },
        'the payment provider did not answer',
      );
      throw new AppError('bad_gateway', paymentMessages.providerSilent);
    });
  await repository.setPayment(ctx.db, booking.id, {
    provider: created.provider,
    providerPaymentId: created.providerPaymentId,
  });
  return {
    provider: created.provider,
    paymentId: created.providerPaymentId,
    amount: booking.amount,
    currency: 'INR',
    ...created.clientData,
  };
}

/**
 * `POST /api/payments/webhook/:provider`: the one way a payment changes a booking, whoever took it. The
 * signature is checked over the raw bytes first (400, and nothing read, otherwise); then, in one transaction,
 * the event id is recorded (a replay finds it there and changes nothing) and the booking's state changes
 * (events.ts applyPaymentEvent; rules.ts checks the amount and currency first). A payout's event (decision 057)
 * goes the same way, to the ledger's payout instead of a booking.
 */
export async function receiveWebhook(
  ctx: ServiceContext,
  input: { providerName: string; webhook: WebhookInput },
): Promise<void> {
  const { providerName, webhook } = input;
  const provider = ctx.payments;
  if (providerName !== provider.name) throw new AppError('not_found', paymentMessages.unknownProvider);
  let event: PaymentEvent | PayoutEvent | undefined;
  try {
    event = await provider.parseWebhook(webhook);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.log.warn({ provider: provider.name, detail: error.detail }, 'payment webhook refused');
      throw new AppError('bad_request', paymentMessages.badSignature);
    }
    // Signed by the provider, yet not its event shape: nothing is read from it, and nothing changes.
    if (error instanceof WebhookPayloadError) {
      ctx.log.warn({ provider: provider.name, detail: error.detail }, 'payment webhook malformed');
      throw new AppError('bad_request', paymentMessages.malformedWebhook);
    }
    throw error;
  }
  // A genuine event this app does not act on: answered 2xx so the provider stops sending it.
  if (event === undefined) return;
  if (isPayoutEvent(event)) return receivePayoutEvent(ctx, { providerName: provider.name, event });
  const known = event;
  const applied = await ctx.unitOfWork(async (uow): Promise<AppliedPaymentEvent> => {
    const key = { provider: provider.name, eventId: known.eventId };
    // A second delivery of the same event waits here for the first one's commit, then finds it recorded.
    if (
      !(await repository.recordEvent(uow.tx, {
        ...key,
        kind: known.kind,
        bookingId: null,
        outcome: 'received',
      }))
    )
      return { bookingId: null, outcome: 'duplicate' };
    const result = await applyPaymentEvent(within(ctx, uow), { event: known });
    await repository.setOutcome(uow.tx, key, { bookingId: result.bookingId, outcome: result.outcome });
    return result;
  });
  ctx.log.info(
    {
      provider: provider.name,
      eventId: known.eventId,
      kind: known.kind,
      bookingId: applied.bookingId,
      outcome: applied.outcome,
    },
    'payment webhook',
  );
  if (applied.refundOf !== undefined)
    await settleRefundNow(ctx, { bookingId: applied.refundOf, recorded: 'pending' });
}

/** A verified payout event: recorded like a payment's (a repeat changes nothing), then settled by the ledger. */
async function receivePayoutEvent(
  ctx: ServiceContext,
  input: { providerName: string; event: PayoutEvent },
): Promise<void> {
  const { providerName, event } = input;
  const key = { provider: providerName, eventId: event.eventId };
  const applied = await ctx.unitOfWork(async (uow) => {
    if (
      !(await repository.recordEvent(uow.tx, {
        ...key,
        kind: event.kind,
        bookingId: null,
        outcome: 'received',
      }))
    )
      return { payoutId: null, outcome: 'duplicate' };
    const result = await applyPayoutEvent(within(ctx, uow), { event });
    await repository.setOutcome(uow.tx, key, { bookingId: null, outcome: result.outcome });
    return result;
  });
  ctx.log.info(
    { provider: providerName, eventId: event.eventId, kind: event.kind, ...applied },
    'payout webhook',
  );
}
