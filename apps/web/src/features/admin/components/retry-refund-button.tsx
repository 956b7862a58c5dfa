import type { Booking } from '@skillroute/shared/bookings';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { formatPaise } from '@skillroute/shared/money';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
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
        title: t('Refund asked again'),
        description: t('{amount} to {name}: pending with the provider.', {
          amount: formatPaise(answer.refund.amount),
          name: booking.mentee.name,
        }),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(error as ApiError, t('There was a problem with your request.')),
      });
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      disabled={isLoading}
      aria-busy={isLoading || undefined}
      aria-label={t('Retry the failed refund of {mentee} with {mentor}', {
        mentee: booking.mentee.name,
        mentor: booking.mentor.name,
      })}
      onClick={click}
    >
      {isLoading && <Spinner />}
      {t('Retry refund')}
    </Button>
  );
}
