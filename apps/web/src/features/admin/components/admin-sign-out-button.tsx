import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { useAdminSignOut } from './use-admin-sign-out';

export function AdminSignOutButton({
  variant = 'outline',
  size = 'sm',
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { signOut, pending } = useAdminSignOut();
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={className}
      onClick={signOut}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? <Spinner /> : <LogOut aria-hidden="true" />}
      {t('Sign out')}
    </Button>
  );
}
