import { DASHBOARD_DAYS } from '@skillroute/shared/admin-console';
import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { useGetAdminDashboardQuery, useGetAdminMeQuery } from '../api';
import { AdminSignOutButton } from '../components/admin-sign-out-button';
import { figureGroups, hasActivity } from '../dashboard-figures';

// recharts comes with this chunk only, after the counts are on screen.
const DashboardCharts = lazy(() => import('../components/dashboard-charts'));

function ChartsFallback() {
  return (
    <div aria-busy="true" className="grid gap-4 lg:grid-cols-3">
      <p className="sr-only">{t('Loading charts...')}</p>
      <Skeleton className="h-72" />
      <Skeleton className="h-72" />
      <Skeleton className="h-72" />
    </div>
  );
}

/** /admin/ (spec §2; issue 15): the counts, each a link to its list, and charts of the last 30 days. */
export function AdminDashboardPage() {
  const { data, isLoading, isError, refetch } = useGetAdminDashboardQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: me, error: meError } = useGetAdminMeQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <section
      aria-labelledby="admin-dashboard-title"
      className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6"
    >
      <div className="grid gap-1">
        <h1 id="admin-dashboard-title" className="text-2xl font-bold tracking-tight">
          {t('Dashboard')}
        </h1>
        <p className="text-muted-foreground">
          {t('Counts of everything so far, and the last {days} days (UTC).', { days: DASHBOARD_DAYS })}
        </p>
      </div>
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          {me ? (
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{t('Signed in as')}</p>
              <p className="font-semibold">{me.admin.name}</p>
              <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{me.admin.email}</p>
            </div>
          ) : meError ? (
            <FormAlert>{errorMessage(meError, t('Could not load who is signed in.'))}</FormAlert>
          ) : (
            <div className="grid gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-56" />
            </div>
          )}
        </div>
        <AdminSignOutButton />
      </div>

      {isLoading ? (
        <div aria-busy="true" className="grid gap-4">
          <p>{t('Loading the dashboard...')}</p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-24" />
            ))}
          </div>
        </div>
      ) : isError || data === undefined ? (
        <div
          role="alert"
          className="grid justify-items-start gap-3 rounded-xl border border-destructive/50 p-4"
        >
          <p>{t('Error loading the dashboard.')}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : (
        <>
          {figureGroups(data.totals).map((group) => (
            <section key={group.id} aria-labelledby={`figures-${group.id}`} className="grid gap-3">
              <h2 id={`figures-${group.id}`} className="text-lg font-semibold">
                {group.title}
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                {group.figures.map((figure) => (
                  <li key={figure.label} className="flex">
                    <Link
                      to={figure.to}
                      aria-label={t('{label}: {value}', { label: figure.label, value: figure.value })}
                      className="grid w-full gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    >
                      <span className="text-sm text-muted-foreground">{figure.label}</span>
                      <span className="text-2xl font-semibold tabular-nums">{figure.value}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}

          <section aria-labelledby="last-days-title" className="grid gap-3">
            <h2 id="last-days-title" className="text-lg font-semibold">
              {t('The last {days} days', { days: DASHBOARD_DAYS })}
            </h2>
            {hasActivity(data.daily) ? (
              <Suspense fallback={<ChartsFallback />}>
                <DashboardCharts days={data.daily} />
              </Suspense>
            ) : (
              <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
                {t('No sign-ups, bookings or revenue in the last {days} days.', { days: DASHBOARD_DAYS })}
              </p>
            )}
          </section>
        </>
      )}
    </section>
  );
}
