import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLazyCheckLedgerQuery } from '../api';

const count = new Intl.NumberFormat('en-IN');

/**
 * Checks, when the admin asks, that every transaction of the ledger sums to zero (`GET /api/admin/ledger/check`).
 * The database refuses any other at commit, so "not balanced" means something went around it.
 */
export function LedgerCheck() {
  const [check, { data, isFetching, isError }] = useLazyCheckLedgerQuery();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4">
      <div className="grid gap-1" aria-live="polite">
        <h2 className="font-semibold">Ledger</h2>
        <p className="text-sm text-muted-foreground">
          {isError
            ? 'The ledger could not be checked. Try again.'
            : data === undefined
              ? 'Check that every money movement balances: each transaction’s entries sum to zero.'
              : data.balanced
                ? `Balanced: all ${count.format(data.transactions)} transactions (${count.format(data.entries)} entries) sum to zero.`
                : `Not balanced: some of the ${count.format(data.transactions)} transactions do not sum to zero.`}
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
        {data === undefined ? 'Check the ledger' : 'Check again'}
      </Button>
    </div>
  );
}
