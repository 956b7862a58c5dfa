import type { PayoutEvent } from '../../adapters/payments/payment-provider';
import type { WorkContext } from '../../context/service-context';
import { applyPayoutResult } from './payouts';
import * as repository from './repository';

/**
 * A provider's webhook about a payout (decision 057), in the webhook's unit of work: the payout is found by the
 * id its transfer carried, or by the transfer's id, locked, and settled through applyPayoutResult, which moves
 * only a `requested` payout. So an event for a payout already settled (a repeat, or one that arrives after the
 * call's own answer) changes nothing. The outcome is for payment_events and the log.
 */
export async function applyPayoutEvent(
  ctx: WorkContext,
  input: { event: PayoutEvent },
): Promise<{ payoutId: string | null; outcome: string }> {
  const { event } = input;
  const payout = await repository.payoutForEventForUpdate(ctx.uow.tx, event);
  if (payout === undefined) return { payoutId: null, outcome: 'unknown_payout' };
  // The transfer named a payout that another transfer already answered for: not this one's to settle.
  if (payout.providerPayoutId !== null && payout.providerPayoutId !== event.providerPayoutId)
    return { payoutId: payout.id, outcome: 'other_transfer' };
  const { providerPayoutId } = event;
  // applyPayoutResult moves only a requested payout: a settled one answers undefined.
  const settled = await applyPayoutResult(ctx, {
    payoutId: payout.id,
    result:
      event.kind === 'payout_paid'
        ? { status: 'paid', providerPayoutId }
        : { status: 'failed', providerPayoutId, reason: event.reason ?? 'the transfer failed' },
  });
  return {
    payoutId: payout.id,
    outcome:
      settled === undefined ? 'payout_already_settled' : event.kind === 'payout_paid' ? 'paid' : 'failed',
  };
}
