import type * as React from 'react';
import { translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** What a field's control needs so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: React.ReactNode;
  /** The message under the field (a rule's or the api's, in English or already translated); announced when it appears. */
  error?: string;
  hint?: React.ReactNode;
  /** Something beside the label, such as a "Forgot password?" link. */
  labelAside?: React.ReactNode;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}

/** A label, its control, an optional hint and the field's error, tied together for screen readers. */
export function FormField({ id, label, error, hint, labelAside, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          {translate(error)}
        </p>
      )}
    </div>
  );
}

/** A message about the whole form (a refused sign-in, a lost connection), announced when it appears. */
export function FormAlert({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-200',
        className,
      )}
    >
      {children}
    </div>
  );
}
