import type { Booking } from '@skillroute/shared/bookings';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { formatPaise } from '@skillroute/shared/money';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { useRetryRefundMutation } from '../api';

/**
 * Asks the provider again for a refund that failed. No confirmation: the provider's idempotency key makes a
 * second ask the same refund, so nobody can be refunded twice by it.
 */
export function RetryRefundButton({ booking }: { booking: Booking }) {
  const [retry, { isLoading }] = useRetryRefundMutation();

  async function click() {
    try {
      const answer = await retry({ id: booking.id }).unwrap();
      toast({
        title: 'Refund asked again',
        description: `${formatPaise(answer.refund.amount)} to ${booking.mentee.name}: pending with the provider.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: FAILURE_TITLE,
        description: errorMessage(error as ApiError, 'There was a problem with your request.'),
      });
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      disabled={isLoading}
      aria-busy={isLoading || undefined}
      aria-label={`Retry the failed refund of ${booking.mentee.name} with ${booking.mentor.name}`}
      onClick={click}
    >
      {isLoading && <Spinner />}
      Retry refund
    </Button>
  );
}
