import type { AdminUser } from '@skillroute/shared/admin-console';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useSetUserBlockedMutation } from '../api';

/** Block or unblock, after a confirmation that says what a block does. */
export function BlockUserButton({ user }: { user: Pick<AdminUser, 'id' | 'name' | 'email' | 'blocked'> }) {
  const [setBlocked] = useSetUserBlockedMutation();
  const blocking = !user.blocked;

  async function confirm() {
    try {
      await setBlocked({ id: user.id, blocked: blocking }).unwrap();
      toast({
        title: blocking
          ? t('{name} is blocked', { name: user.name })
          : t('{name} is unblocked', { name: user.name }),
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
          variant={blocking ? 'destructive' : 'outline'}
          size="sm"
          aria-label={
            blocking ? t('Block {name}', { name: user.name }) : t('Unblock {name}', { name: user.name })
          }
        >
          {blocking ? t('Block') : t('Unblock')}
        </Button>
      }
      title={blocking ? t('Block {name}?', { name: user.name }) : t('Unblock {name}?', { name: user.name })}
      description={
        blocking
          ? t(
              '{email} is signed out everywhere at once and cannot sign in. As a mentor they leave the listing and cannot be booked. Their confirmed sessions still to come are cancelled, every mentee is refunded in full, and both people are told.',
              { email: user.email },
            )
          : t(
              '{email} can sign in again, and as a mentor returns to the listing. Cancelled sessions stay cancelled.',
              { email: user.email },
            )
      }
      confirmLabel={blocking ? t('Block') : t('Unblock')}
      variant={blocking ? 'destructive' : 'default'}
      onConfirm={confirm}
    />
  );
}
