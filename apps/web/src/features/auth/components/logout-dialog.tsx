import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { useAppDispatch } from '@/lib/store-hooks';
import { useLogoutMutation } from '../api';
import { leavingStarted, logout } from '../auth-slice';

/** Spec §2 and §4, word for word (the failure toast's title included). */
export const logoutTexts = {
  title: 'Are you absolutely sure?',
  description: 'Are you sure you want to logout? This action will log you out of your account.',
  failureTitle: 'Login Failed',
  failureFallback: 'Login failed. Please try again.',
} as const;

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
        title: logoutTexts.failureTitle,
        description: errorMessage(result.error, logoutTexts.failureFallback),
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
      title={logoutTexts.title}
      description={logoutTexts.description}
      confirmLabel="Logout"
      variant="destructive"
      onConfirm={confirm}
    />
  );
}
