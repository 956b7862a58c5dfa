import { earningsMessages, payoutStatusLabels, type EarningsResponse } from '@skillroute/shared/earnings';
import { formatPaise, type Paise } from '@skillroute/shared/money';
import { payoutMethodInWords } from '@skillroute/shared/payout-methods';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { selectCurrentUser, useViewerZone } from '@/features/auth/api';
import { statusLabels } from '@/features/bookings/api';
import { t, translate } from '@/lib/i18n';
import { formatSessionTime } from '@/lib/session-time';
import { useAppSelector } from '@/lib/store-hooks';
import { cn } from '@/lib/utils';
import { useGetEarningsQuery, useGetPayoutMethodQuery } from '../api';
import { PayoutMethodDialog } from '../components/payout-method-dialog';
import { PayoutRequestDialog } from '../components/payout-request-dialog';
import { StatementDownload } from '../components/statement-download';
import { EARNINGS_CHART_MONTHS, monthlyNet, newestFirst } from '../rules';

// recharts comes with this chunk only, after the figures are on screen (as on the admin dashboard).
const EarningsChart = lazy(() => import('../components/earnings-chart'));

/**
 * /profile/earnings (issue 27; DESIGN.md §4b "Earnings, payouts, receipts"): a mentor's balances, their net
 * earnings by month, each paid session's split and their payouts. Times are in the viewer's zone.
 */
export function ProfileEarningsPage() {
  const isMentor = useAppSelector(selectCurrentUser)?.role === 'mentor';
  const { data, isLoading, isError, refetch } = useGetEarningsQuery(undefined, { skip: !isMentor });

  return (
    <section aria-labelledby="earnings-title" className="grid gap-6">
      <div>
        <h1 id="earnings-title" className="text-2xl font-bold tracking-tight">
          {t('Earnings')}
        </h1>
        <p className="text-muted-foreground">{t('What your sessions earned you, and what was paid out.')}</p>
      </div>

      {!isMentor ? (
        <p className="rounded-lg border border-dashed p-8 text-center">
          {translate(earningsMessages.mentorsOnly)}
        </p>
      ) : isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <p className="sr-only">{t('Loading your earnings...')}</p>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-72" />
        </div>
      ) : isError || data === undefined ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
          <p>{t('Your earnings could not be loaded.')}</p>
          <Button type="button" variant="outline" onClick={() => void refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : (
        <Earnings earnings={data} />
      )}
    </section>
  );
}

function Earnings({ earnings }: { earnings: EarningsResponse }) {
  const zone = useViewerZone();
  const months = useMemo(() => monthlyNet(earnings.sessions, zone, new Date()), [earnings.sessions, zone]);
  const sessions = useMemo(() => newestFirst(earnings.sessions), [earnings.sessions]);

  return (
    <div className="grid gap-8">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure label={t('Pending')} amount={earnings.pending} hint={t('Sessions not yet held')} />
        <Figure label={t('Available')} amount={earnings.available} hint={t('Held, not yet paid out')} />
        <Figure label={t('Paid out')} amount={earnings.paidOut} hint={t('Sent to you')} />
        <Figure label={t('Lifetime')} amount={earnings.lifetime} hint={t('All you have earned')} />
      </dl>

      <Suspense
        fallback={
          <div aria-busy="true">
            <p className="sr-only">{t('Loading the chart...')}</p>
            <Skeleton className="h-72" />
          </div>
        }
      >
        <EarningsChart
          months={months}
          title={t('Net earnings, last {count} months', { count: EARNINGS_CHART_MONTHS })}
        />
      </Suspense>

      <Part id="earnings-sessions" title={t('Sessions')}>
        {sessions.length === 0 ? (
          <Empty>{t('No paid sessions yet.')}</Empty>
        ) : (
          <Table labelledBy="earnings-sessions">
            <thead>
              <tr>
                <Th>{t('Date and time')}</Th>
                <Th>{t('Mentee')}</Th>
                <Th numeric>{t('Price')}</Th>
                <Th numeric>{t('Platform fee')}</Th>
                <Th numeric>{t('GST on fee')}</Th>
                <Th numeric>{t('Net')}</Th>
                <Th>{t('Status')}</Th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.bookingId} className="border-t">
                  <Td wrap>{formatSessionTime(session.startTime, zone)}</Td>
                  <Td>{session.mentee.name}</Td>
                  <Td numeric>{formatPaise(session.price)}</Td>
                  <Td numeric>{formatPaise(session.platformFee)}</Td>
                  <Td numeric>{formatPaise(session.gstOnFee)}</Td>
                  <Td numeric strong>
                    {formatPaise(session.net)}
                  </Td>
                  <Td>{statusLabels[session.status as keyof typeof statusLabels] ?? session.status}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Part>

      <Part id="earnings-statement" title={t('Statement')}>
        <StatementDownload zone={zone} />
      </Part>

      <Part id="earnings-payouts" title={t('Payouts')}>
        <PayoutControls earnings={earnings} />
        {earnings.payouts.length === 0 ? (
          <Empty>{t('No payouts yet.')}</Empty>
        ) : (
          <Table labelledBy="earnings-payouts">
            <thead>
              <tr>
                <Th>{t('Status')}</Th>
                <Th numeric>{t('Amount')}</Th>
                <Th>{t('Requested')}</Th>
                <Th>{t('Paid')}</Th>
                <Th>{t('To')}</Th>
              </tr>
            </thead>
            <tbody>
              {earnings.payouts.map((payout) => (
                <tr key={payout.id} className="border-t">
                  <Td wrap={payout.failureReason !== null}>
                    {translate(payoutStatusLabels[payout.status])}
                    {payout.failureReason !== null && (
                      <span className="block text-xs text-muted-foreground">{payout.failureReason}</span>
                    )}
                  </Td>
                  <Td numeric>{formatPaise(payout.amount)}</Td>
                  <Td>{formatSessionTime(payout.requestedAt, zone)}</Td>
                  <Td>{payout.paidAt ? formatSessionTime(payout.paidAt, zone) : '—'}</Td>
                  <Td>{translate(payoutMethodInWords(payout.method))}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Part>
    </div>
  );
}

/** Where payouts go, and asking for one once the available balance reaches the minimum. */
function PayoutControls({ earnings }: { earnings: EarningsResponse }) {
  const { data, isLoading, isError } = useGetPayoutMethodQuery();
  if (isLoading) return <Skeleton className="h-20" />;
  if (isError || data === undefined)
    return <p role="alert">{t('Your payout method could not be loaded.')}</p>;
  const { method } = data;
  const { available, payoutMinimum } = earnings;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border p-4">
      <div className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">{t('Paid to')}</p>
        <p className="font-medium [overflow-wrap:anywhere]">
          {method === null ? t('No payout method yet') : translate(payoutMethodInWords(method))}
        </p>
        {method !== null && available < payoutMinimum && (
          <p className="text-sm text-muted-foreground">
            {t(
              'You can ask for a payout once {minimum} is available; every Monday, what is available is paid out on its own.',
              { minimum: formatPaise(payoutMinimum) },
            )}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <PayoutMethodDialog current={method} />
        {method !== null && available >= payoutMinimum && (
          <PayoutRequestDialog available={available} minimum={payoutMinimum} method={method} />
        )}
      </div>
    </div>
  );
}

function Figure({ label, amount, hint }: { label: string; amount: Paise; hint: string }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums [overflow-wrap:anywhere] sm:text-2xl">
        {formatPaise(amount)}
      </dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">{children}</p>;
}

/** A table that scrolls sideways on a narrow screen; the scrolling region can take focus for the keyboard. */
function Table({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border"
    >
      <table aria-labelledby={labelledBy} className="w-full text-sm">
        {children}
      </table>
    </div>
  );
}

function Th({ children, numeric = false }: { children: ReactNode; numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'whitespace-nowrap bg-muted/50 px-3 py-2 font-medium',
        numeric ? 'text-right' : 'text-left',
      )}
    >
      {children}
    </th>
  );
}

function Td({
  children,
  numeric = false,
  strong = false,
  wrap = false,
}: {
  children: ReactNode;
  numeric?: boolean;
  strong?: boolean;
  /** May break over lines (a long date), so a narrow screen shows more columns. */
  wrap?: boolean;
}) {
  return (
    <td
      className={cn(
        'px-3 py-2',
        wrap ? 'min-w-36' : 'whitespace-nowrap',
        numeric && 'text-right tabular-nums',
        strong && 'font-semibold',
      )}
    >
      {children}
    </td>
  );
}
