import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A turning circle for work in progress; decorative, the control it sits in says what is happening. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle data-slot="spinner" aria-hidden="true" className={cn('size-4 animate-spin', className)} />
  );
}
