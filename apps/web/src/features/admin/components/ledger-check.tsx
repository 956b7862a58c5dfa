import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { intlLocale, t } from '@/lib/i18n';
import { useLazyCheckLedgerQuery } from '../api';

/**
 * Checks, when the admin asks, that every transaction of the ledger sums to zero (`GET /api/admin/ledger/check`).
 * The database refuses any other at commit, so "not balanced" means something went around it.
 */
export function LedgerCheck() {
  const [check, { data, isFetching, isError }] = useLazyCheckLedgerQuery();
  const count = new Intl.NumberFormat(intlLocale());
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4">
      <div className="grid gap-1" aria-live="polite">
        <h2 className="font-semibold">{t('Ledger')}</h2>
        <p className="text-sm text-muted-foreground">
          {isError
            ? t('The ledger could not be checked. Try again.')
            : data === undefined
              ? t('Check that every money movement balances: each transaction’s entries sum to zero.')
              : data.balanced
                ? t('Balanced: all {transactions} transactions ({entries} entries) sum to zero.', {
                    transactions: count.format(data.transactions),
                    entries: count.format(data.entries),
                  })
                : t('Not balanced: some of the {transactions} transactions do not sum to zero.', {
                    transactions: count.format(data.transactions),
                  })}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={isFetching}
        aria-busy={isFetching || undefined}
        onClick={() => void check()}
      >
        {isFetching && <Spinner />}
        {data === undefined ? t('Check the ledger') : t('Check again')}
      </Button>
    </div>
  );
}
