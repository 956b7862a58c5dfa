import { Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { t } from '@/lib/i18n';

interface ConfirmDeleteDialogProps {
  title: string;
  description: React.ReactNode;
  /** Deletes, says how it went (toasts) and resolves true when the thing is gone. */
  onConfirm: () => Promise<boolean>;
  /** Where focus goes after a deletion: the Delete button that opened the dialog has gone with its item. */
  onDeleted: () => void;
}

/** "Delete" and its confirmation. The dialog stays open until the server answers, so it cannot be confirmed twice. */
export function ConfirmDeleteDialog({ title, description, onConfirm, onDeleted }: ConfirmDeleteDialogProps) {
  const deleted = useRef(false);

  return (
    <ConfirmDialog
      trigger={
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive dark:text-red-300"
        >
          <Trash2 aria-hidden="true" />
          {t('Delete')}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={t('Delete')}
      variant="destructive"
      onConfirm={async () => {
        deleted.current = await onConfirm();
      }}
      onCloseAutoFocus={(event) => {
        if (!deleted.current) return;
        event.preventDefault();
        onDeleted();
      }}
    />
  );
}
