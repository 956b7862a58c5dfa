import type * as React from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

/** A form's main button: while `pending` it shows a spinner, is disabled and tells assistive tech it is busy. */
export function SubmitButton({
  pending,
  children,
  disabled,
  variant = 'submit',
  size = 'submit',
  ...props
}: ButtonProps & { pending: boolean; children: React.ReactNode }) {
  return (
    <Button
      type="submit"
      variant={variant}
      size={size}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
