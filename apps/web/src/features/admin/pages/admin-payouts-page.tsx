import { ADMIN_PAYOUTS_PAGE_SIZE, canRetryPayout } from '@skillroute/shared/admin-payouts';
import { payoutStatuses, payoutStatusLabels, type PayoutStatus } from '@skillroute/shared/earnings';
import { formatPaise } from '@skillroute/shared/money';
import { payoutMethodInWords } from '@skillroute/shared/payout-methods';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { t, translate } from '@/lib/i18n';
import { useGetAdminPayoutsQuery } from '../api';
import { formatDate } from '../components/format';
import { LedgerCheck } from '../components/ledger-check';
import { ListState } from '../components/list-state';
import { ANY, ParamSelect, paramOneOf } from '../components/param-select';
import { Pager, pageFrom, withParam } from '../components/pager';
import { RetryPayoutButton } from '../components/retry-payout-button';

const statusValues = [{ value: ANY }, ...payoutStatuses.map((value) => ({ value }))];

/** The status filter's options, in the reader's language (called while rendering). */
const statusOptions = () => [
  { value: ANY, label: t('All statuses') },
  ...payoutStatuses.map((value) => ({ value, label: translate(payoutStatusLabels[value]) })),
];

const badgeVariant = { requested: 'secondary', paid: 'default', failed: 'destructive' } as const;

/**
 * /admin/payouts (DESIGN.md §4b, Admin): every mentor's payouts, latest first, by status; a failed one can be
 * paid again once (a new payout, linked to it).
 */
export function AdminPayoutsPage() {
  const [params, setParams] = useSearchParams();
  const status = paramOneOf<PayoutStatus>(params.get('status'), statusValues);
  const page = pageFrom(params);
  const { data, isLoading, isError } = useGetAdminPayoutsQuery(
    { status, page },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <section
      aria-labelledby="admin-payouts-title"
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 id="admin-payouts-title" className="text-2xl font-bold tracking-tight">
            {t('Payouts')}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t(
              "Mentors' available balances paid out, at their request and by the weekly run (Mondays, 04:30 UTC).",
            )}
          </p>
        </div>
        <ParamSelect
          id="payout-status-label"
          label={t('Status')}
          param="status"
          options={statusOptions()}
          className="w-48"
        />
      </div>

      <LedgerCheck />

      <ListState
        loadingText={t('Loading payouts...')}
        errorText={t('Error loading payouts.')}
        isLoading={isLoading}
        isError={isError}
        data={data}
        isEmpty={(loaded) => loaded.payouts.length === 0}
        empty={
          status
            ? t('No payouts with the status {status}.', {
                status: translate(payoutStatusLabels[status]).toLowerCase(),
              })
            : t('No payouts.')
        }
        rowClassName="h-20"
      >
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">
              {t('{count, plural, one {{count} payout} other {{count} payouts}}', { count: data.total })}
            </p>
            <ul className="grid gap-3" aria-label={t('Payouts')}>
              {data.payouts.map((payout) => (
                <li
                  key={payout.id}
                  className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold">{payout.mentor.name}</h2>
                      <Badge variant={badgeVariant[payout.status]}>
                        {translate(payoutStatusLabels[payout.status])}
                      </Badge>
                      {payout.retryOf && <Badge variant="outline">{t('Retry')}</Badge>}
                    </div>
                    <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                      {payout.mentor.email}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      <span className="font-medium text-foreground">{formatPaise(payout.amount)}</span> ·{' '}
                      <span className="[overflow-wrap:anywhere]">
                        {translate(payoutMethodInWords(payout.method))}
                      </span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t('Requested {date}', { date: formatDate(payout.requestedAt, true) })}
                      {payout.paidAt && ` · ${t('paid {date}', { date: formatDate(payout.paidAt, true) })}`}
                    </p>
                    {payout.failureReason && (
                      <p className="text-xs [overflow-wrap:anywhere] text-destructive">
                        {t('Failed: {reason}', { reason: payout.failureReason })}
                        {payout.retriedBy && ` · ${t('retried')}`}
                      </p>
                    )}
                  </div>
                  {canRetryPayout(payout) && <RetryPayoutButton payout={payout} />}
                </li>
              ))}
            </ul>
            <Pager
              label={t('Pages of payouts')}
              page={page}
              limit={ADMIN_PAYOUTS_PAGE_SIZE}
              total={data.total}
              onPage={(next) => setParams(withParam(params, 'page', String(next)))}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
