import type { AdminPayout } from '@skillroute/shared/admin-payouts';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { formatPaise } from '@skillroute/shared/money';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useRetryPayoutMutation } from '../api';

/** What became of a retried payout, as the toast says it. */
const outcomeWords = () =>
  ({
    paid: t('paid'),
    failed: t('failed again; the money is back in their available balance'),
    requested: t('asked of the provider'),
  }) as const;

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
        title: t('Payout retried'),
        description: t('{amount} to {name}: {outcome}.', {
          amount: formatPaise(answer.payout.amount),
          name: payout.mentor.name,
          outcome: outcomeWords()[answer.payout.status],
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
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={t('Retry the failed payout of {amount} to {name}', {
            amount: formatPaise(payout.amount),
            name: payout.mentor.name,
          })}
        >
          {t('Retry')}
        </Button>
      }
      title={t('Pay {amount} to {name} again?', {
        amount: formatPaise(payout.amount),
        name: payout.mentor.name,
      })}
      description={t(
        'A new payout of {amount} goes to the payout method {name} has saved now, from their available balance. If they have not changed the method since it failed, it may fail again.',
        { amount: formatPaise(payout.amount), name: payout.mentor.name },
      )}
      confirmLabel={t('Retry payout')}
      onConfirm={confirm}
    />
  );
}
