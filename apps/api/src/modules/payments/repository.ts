import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentEvents } from '../../db/schema';

/**
 * Records that a provider's event was acted on; false when it already was (a replay, or the provider's own
 * retry): the caller then changes nothing. Inside the state change's transaction, so an event is recorded
 * exactly when its change commits.
 */
export async function recordEvent(
  tx: Executor,
  event: { provider: string; eventId: string; kind: string; bookingId: string | null; outcome: string },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

/** The outcome of a recorded event, once the change it caused is known. */
export async function setOutcome(
  tx: Executor,
  event: { provider: string; eventId: string },
  result: { bookingId: string | null; outcome: string },
): Promise<void> {
  await tx
    .update(paymentEvents)
    .set(result)
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
}
