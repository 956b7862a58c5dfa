import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { t } from '@/lib/i18n';

/**
 * Asks before unsaved changes are lost: a dialog for a move within the app, the browser's own prompt for a
 * reload or a closed tab. `leaving` is set when the page itself navigates away after saving.
 */
export function LeaveGuard({ when, leaving }: { when: boolean; leaving: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, leaving]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title={t('Leave without saving?')}
      description={t('Your changes to this roadmap are not saved yet. If you leave now, they are lost.')}
      cancelLabel={t('Keep editing')}
      confirmLabel={t('Leave')}
      variant="destructive"
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
