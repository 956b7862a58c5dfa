import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** What could not be loaded (`children`), announced at once, with a button to ask again. */
export function LoadError({
  children,
  onRetry,
  compact = false,
}: {
  children: ReactNode;
  onRetry: () => void;
  compact?: boolean;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed text-center',
        compact ? 'gap-3 p-6 text-sm' : 'gap-4 p-10',
      )}
    >
      {children}
      <Button type="button" variant="outline" size={compact ? 'sm' : 'default'} onClick={onRetry}>
        {t('Try again')}
      </Button>
    </div>
  );
}
