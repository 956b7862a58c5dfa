import type { AdminPayout } from '@skillroute/shared/admin-payouts';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { formatPaise } from '@skillroute/shared/money';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { useRetryPayoutMutation } from '../api';

const outcomeWords = {
  paid: 'paid',
  failed: 'failed again; the money is back in their available balance',
  requested: 'asked of the provider',
} as const;

/**
 * Pays a failed payout again, after a confirmation: a new payout of the same amount to the mentor's payout
 * method as it is now, taken from their available balance (decision 058).
 */
export function RetryPayoutButton({ payout }: { payout: AdminPayout }) {
  const [retry] = useRetryPayoutMutation();

  async function confirm() {
    try {
      const answer = await retry({ id: payout.id }).unwrap();
      toast({
        variant: answer.payout.status === 'failed' ? 'destructive' : 'default',
        title: 'Payout retried',
        description: `${formatPaise(answer.payout.amount)} to ${payout.mentor.name}: ${outcomeWords[answer.payout.status]}.`,
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
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Retry the failed payout of ${formatPaise(payout.amount)} to ${payout.mentor.name}`}
        >
          Retry
        </Button>
      }
      title={`Pay ${formatPaise(payout.amount)} to ${payout.mentor.name} again?`}
      description={`A new payout of ${formatPaise(payout.amount)} goes to the payout method ${payout.mentor.name} has saved now, from their available balance. If they have not changed the method since it failed, it may fail again.`}
      confirmLabel="Retry payout"
      onConfirm={confirm}
    />
  );
}
