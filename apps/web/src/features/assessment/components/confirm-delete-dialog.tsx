import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
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
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

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
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const deleted = useRef(false);

  async function confirm() {
    setPending(true);
    deleted.current = await onConfirm();
    setPending(false);
    setOpen(false);
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // Escape cannot close it while the request runs: its answer decides where focus goes.
        if (!pending) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" className="text-destructive hover:text-destructive dark:text-red-300">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          event.preventDefault();
          onDeleted();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle className="[overflow-wrap:anywhere]">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={(event) => {
              // Kept open until the server answers; confirm() closes it.
              event.preventDefault();
              void confirm();
            }}
          >
            {pending && <Spinner />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
