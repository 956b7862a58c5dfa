import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useRestoreMentorListingMutation } from '../api';

/** Puts a mentor taken off the listing for their no-shows back on it, after a confirmation that says what it does. */
export function RestoreListingButton({ mentor }: { mentor: { id: string; name: string } }) {
  const [restore] = useRestoreMentorListingMutation();

  async function confirm() {
    try {
      await restore({ id: mentor.id }).unwrap();
      toast({ title: t('{name} is back on the listing', { name: mentor.name }) });
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
          aria-label={t('Restore {name} to the listing', { name: mentor.name })}
        >
          {t('Restore to listing')}
        </Button>
      }
      title={t('Restore {name} to the listing?', { name: mentor.name })}
      description={t(
        '{name} is listed and can be booked again at once. The no-shows so far stop counting: only sessions missed from now on count towards the limit.',
        { name: mentor.name },
      )}
      confirmLabel={t('Restore')}
      onConfirm={confirm}
    />
  );
}
