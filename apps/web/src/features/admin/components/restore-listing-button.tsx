import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { useRestoreMentorListingMutation } from '../api';

/** Puts a mentor taken off the listing for their no-shows back on it, after a confirmation that says what it does. */
export function RestoreListingButton({ mentor }: { mentor: { id: string; name: string } }) {
  const [restore] = useRestoreMentorListingMutation();

  async function confirm() {
    try {
      await restore({ id: mentor.id }).unwrap();
      toast({ title: `${mentor.name} is back on the listing` });
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
        <Button variant="outline" size="sm" aria-label={`Restore ${mentor.name} to the listing`}>
          Restore to listing
        </Button>
      }
      title={`Restore ${mentor.name} to the listing?`}
      description={`${mentor.name} is listed and can be booked again at once. The no-shows so far stop counting: only sessions missed from now on count towards the limit.`}
      confirmLabel="Restore"
      onConfirm={confirm}
    />
  );
}
