import { pageCount } from '@skillroute/shared/paging';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';

/** "Page 2 of 5" with Previous and Next; nothing when everything fits on one page. */
export function Pager({
  page,
  limit,
  total,
  onPage,
  label,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = pageCount(total, limit);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Previous')}
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('Page {page} of {pages}', { page, pages })}
      </p>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('Next')}
      </Button>
    </nav>
  );
}

/** The page number in the address, 1 when it is missing or not a whole number from 1. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The same search with one value set (or removed when empty), back on page 1 unless the page is what changes. */
export function withParam(params: URLSearchParams, key: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}
