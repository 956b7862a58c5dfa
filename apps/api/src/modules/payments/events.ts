import type { PaymentEvent } from '../../adapters/payments/payment-provider';
import type { WorkContext } from '../../context/service-context';
import { refundSettled } from '../bookings/refunds';
import {
  confirmLatePayment,
  confirmPaidBooking,
  failPayment,
  refundBlockedPayment,
  refundLatePayment,
} from '../bookings/transitions';
import * as repository from './repository';
import { actionFor } from './rules';

export interface AppliedPaymentEvent {
  bookingId: string | null;
  /** What the event did, for payment_events and the log (rules.ts actionFor). */
  outcome: string;
  /** A refund decided here, to be asked of the provider once the transaction committed. */
  refundOf?: string;
}

/**
 * A verified payment event, in the webhook's unit of work: its booking is locked, rules.ts decides from the
 * booking's status and the event's amount and currency what the event means, and bookings' transitions make
 * the change and tell whoever must hear of it.
 */
export async function applyPaymentEvent(
  ctx: WorkContext,
  input: { event: PaymentEvent },
): Promise<AppliedPaymentEvent> {
  const { event } = input;
  const booking = await repository.findBookingByPaymentForUpdate(ctx.uow.tx, event.providerPaymentId);
  if (booking === undefined) return { bookingId: null, outcome: 'unknown_payment' };
  const applied = (outcome: string, refundOf?: string): AppliedPaymentEvent => ({
    bookingId: booking.id,
    outcome,
    refundOf,
  });
  const action = actionFor(booking, event);
  switch (action.do) {
    case 'confirm':
      await confirmPaidBooking(ctx, { bookingId: booking.id });
      return applied('confirmed');
    case 'confirm_late_or_refund':
      if (await confirmLatePayment(ctx, { booking })) return applied('confirmed_late');
      await refundLatePayment(ctx, { booking });
      return applied('refunded_late', booking.id);
    case 'refund_blocked':
      await refundBlockedPayment(ctx, { booking });
      return applied('refunded_blocked', booking.id);
    case 'fail':
      await failPayment(ctx, { bookingId: booking.id });
      return applied('failed');
    case 'settle_refund':
      return applied(
        (await refundSettled(ctx, { providerPaymentId: event.providerPaymentId }))
          ? 'refund_settled'
          : 'refund_already_settled',
      );
    case 'ignore':
      return applied(action.outcome);
  }
}
