import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/lib/i18n';

/**
 * An admin list's states in one place: loading (the words for screen readers, two skeleton rows of the list's
 * height), the error, the empty list, and otherwise the list itself, rendered only once its data is there.
 */
export function ListState<T>(props: {
  /**
   * The loading and error sentences whole ("Loading bookings...", "Error loading bookings."), in the reader's
   * language; or, for each one not given, made from what the list holds (`what`: "bookings").
   */
  loadingText?: string;
  errorText?: string;
  what?: string;
  isLoading: boolean;
  isError: boolean;
  data: T | undefined;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** The skeleton rows' height class, near the list's own rows. */
  rowClassName: string;
  children: (data: T) => ReactNode;
}) {
  if (props.isLoading) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <p>{props.loadingText ?? t('Loading {what}...', { what: props.what ?? '' })}</p>
        <Skeleton className={props.rowClassName} />
        <Skeleton className={props.rowClassName} />
      </div>
    );
  }
  if (props.isError || props.data === undefined)
    return <p role="alert">{props.errorText ?? t('Error loading {what}.', { what: props.what ?? '' })}</p>;
  if (props.isEmpty(props.data))
    return (
      <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">{props.empty}</p>
    );
  return props.children(props.data);
}
