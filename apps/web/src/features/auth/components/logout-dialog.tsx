import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useAppDispatch } from '@/lib/store-hooks';
import { useLogoutMutation } from '../api';
import { leavingStarted, logout } from '../auth-slice';

/** Spec §2 and §4, word for word (the failure toast's title included), in the reader's language. */
export function logoutTexts() {
  return {
    title: t('Are you absolutely sure?'),
    description: t('Are you sure you want to logout? This action will log you out of your account.'),
    failureTitle: t('Login Failed'),
    failureFallback: t('Login failed. Please try again.'),
    confirm: t('Logout'),
    cancel: t('Cancel'),
  };
}

/** The logout confirmation: on success the local user is cleared and the person lands on /. */
export function LogoutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logoutCall] = useLogoutMutation();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const texts = logoutTexts();

  // The user is cleared only once home is on screen: cleared earlier, a signed-in-only page still
  // showing (home may still be loading) would send the person to /login instead.
  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    dispatch(logout());
    // The next person on this browser must not see this one's cached data.
    dispatch(api.util.resetApiState());
  }, [leaving, pathname, dispatch]);

  // The dialog stays open (its buttons busy) until the call has answered.
  async function confirm() {
    const result = await logoutCall();
    onOpenChange(false);
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: texts.failureTitle,
        description: errorMessage(result.error, texts.failureFallback),
      });
      return;
    }
    dispatch(leavingStarted());
    setLeaving(true);
    await navigate('/');
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      cancelLabel={texts.cancel}
      variant="destructive"
      onConfirm={confirm}
    />
  );
}
