import { useNavigate } from 'react-router';
import { api } from '@/lib/api';
import { errorMessage } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useAppDispatch } from '@/lib/store-hooks';
import { useAdminSignOutMutation } from '../api';
import { adminLogout } from '../admin-auth-slice';

/** Ends the admin session on the server, then here, and goes to the admin sign-in page. */
export function useAdminSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOutCall, { isLoading }] = useAdminSignOutMutation();

  async function signOut() {
    const result = await signOutCall();
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: t('Sign out failed'),
        description: errorMessage(result.error, t('Sign out failed. Please try again.')),
      });
      return;
    }
    await navigate('/admin/login', { replace: true });
    dispatch(adminLogout());
    dispatch(api.util.resetApiState());
  }

  return { signOut, pending: isLoading };
}
