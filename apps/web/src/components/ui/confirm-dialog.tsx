import { useState } from 'react';
import type * as React from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';

export interface ConfirmDialogProps {
  /** Controlled when given; otherwise `trigger` opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered as the alert dialog's trigger). */
  trigger?: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  cancelLabel?: React.ReactNode;
  confirmLabel: React.ReactNode;
  variant?: 'default' | 'destructive';
  /**
   * Runs on confirm. A promise keeps the dialog open until it settles (confirm busy, cancel and Escape
   * disabled), so a request cannot be confirmed twice and its answer can decide what happens next.
   */
  onConfirm: () => void | Promise<unknown>;
  onCloseAutoFocus?: React.ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus'];
}

/** A question with Cancel and one confirming action, over the alert dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  cancelLabel = t('Cancel'),
  confirmLabel,
  variant = 'default',
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const isOpen = open ?? ownOpen;

  function setOpen(next: boolean) {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  }

  function confirm(event: React.MouseEvent) {
    const result = onConfirm();
    // A plain callback: the action closes the dialog as usual.
    if (!(result instanceof Promise)) return;
    event.preventDefault();
    setPending(true);
    void result.finally(() => {
      setPending(false);
      setOpen(false);
    });
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="[overflow-wrap:anywhere]">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant })}
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={confirm}
          >
            {pending && <Spinner />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
