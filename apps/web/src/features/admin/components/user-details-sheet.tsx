import { formatPaise } from '@skillroute/shared/money';
import type { MentorNoShows as MentorNoShowsFacts } from '@skillroute/shared/no-shows';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/lib/i18n';
import { useGetAdminUserQuery } from '../api';
import { bookingStatusLabels } from '../dashboard-figures';
import { formatDate, roleLabel } from './format';
import { RestoreListingButton } from './restore-listing-button';

/** A roadmap's and a test's status, in the reader's language (called while rendering). */
const roadmapStatusLabels = () =>
  ({ drafted: t('Drafted'), published: t('Published'), rejected: t('Rejected') }) as const;
const testStatusLabels = () =>
  ({ in_progress: t('In progress'), passed: t('Passed'), failed: t('Failed') }) as const;

function Section({
  title,
  empty,
  children,
  count,
}: {
  title: string;
  empty: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">
        {title} <span className="text-muted-foreground">({count})</span>
      </h3>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-2">{children}</ul>
      )}
    </section>
  );
}

/** A mentor's missed sessions, and whether they keep them off the listing (with the way back). */
function MentorNoShows({
  noShows,
  mentor,
}: {
  noShows: MentorNoShowsFacts;
  mentor: { id: string; name: string };
}) {
  return (
    <section aria-label={t('No-shows')} className="grid gap-2 rounded-md border p-3 text-sm">
      <h3 className="font-semibold">{t('No-shows')}</h3>
      <p>
        {noShows.clearedAt
          ? t(
              '{count} of {limit} missed sessions in the last {days} days (counted since the restore on {date}).',
              {
                count: noShows.count,
                limit: noShows.limit,
                days: noShows.windowDays,
                date: formatDate(noShows.clearedAt),
              },
            )
          : t('{count} of {limit} missed sessions in the last {days} days.', {
              count: noShows.count,
              limit: noShows.limit,
              days: noShows.windowDays,
            })}
      </p>
      {noShows.hiddenAt ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-destructive">
            {t('Off the listing since {date}.', { date: formatDate(noShows.hiddenAt) })}
          </p>
          <RestoreListingButton mentor={mentor} />
        </div>
      ) : (
        <p className="text-muted-foreground">{t('On the listing.')}</p>
      )}
    </section>
  );
}

/** One user's details beside the list: who they are, their roadmaps, their latest bookings and their tests. */
export function UserDetailsSheet({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const { data, isFetching, isError } = useGetAdminUserQuery(userId ?? '', {
    skip: userId === null,
    refetchOnMountOrArgChange: true,
  });
  const details = data?.user.id === userId ? data : undefined;
  const roadmapStatuses = roadmapStatusLabels();
  const testStatuses = testStatusLabels();
  const bookingStatuses = bookingStatusLabels();

  return (
    <Sheet open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full gap-0 overflow-y-auto sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>{details ? details.user.name : t('User details')}</SheetTitle>
          <SheetDescription className="[overflow-wrap:anywhere]">
            {details ? details.user.email : t('Their roadmaps, bookings and tests.')}
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 px-4 pb-6">
          {details === undefined ? (
            isError && !isFetching ? (
              <p role="alert">{t('Error loading this user.')}</p>
            ) : (
              <div aria-busy="true" className="grid gap-3">
                <p className="sr-only">{t('Loading the user...')}</p>
                <Skeleton className="h-6 w-40" />
                <Skeleton className="h-24" />
              </div>
            )
          ) : (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t('Role')}</dt>
                <dd className="capitalize">{roleLabel(details.user.role)}</dd>
                <dt className="text-muted-foreground">{t('Joined')}</dt>
                <dd>{formatDate(details.user.createdAt)}</dd>
                <dt className="text-muted-foreground">{t('E-mail')}</dt>
                <dd>{details.user.verified ? t('Verified') : t('Not verified')}</dd>
                <dt className="text-muted-foreground">{t('Status')}</dt>
                <dd>
                  {details.user.blockedAt
                    ? t('Blocked since {date}', { date: formatDate(details.user.blockedAt) })
                    : t('Active')}
                </dd>
              </dl>
              {details.noShows && <MentorNoShows noShows={details.noShows} mentor={details.user} />}
              <Section title={t('Roadmaps')} empty={t('No roadmaps.')} count={details.roadmaps.length}>
                {details.roadmaps.map((roadmap) => (
                  <li
                    key={roadmap.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
                  >
                    <a
                      href={`/roadmap/${roadmap.id}`}
                      target="_blank"
                      rel="noreferrer"
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {roadmap.title}
                    </a>
                    <Badge variant="outline">
                      {roadmap.status === 'published' && !roadmap.isActive
                        ? t('{status}, unlisted', { status: roadmapStatuses[roadmap.status] })
                        : roadmapStatuses[roadmap.status]}
                    </Badge>
                  </li>
                ))}
              </Section>
              <Section title={t('Bookings')} empty={t('No bookings.')} count={details.bookings.length}>
                {details.bookings.map((booking) => {
                  const asMentor = booking.mentorId === details.user.id;
                  return (
                    <li key={booking.id} className="grid gap-1 rounded-md border p-2 text-sm">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-medium">
                          {asMentor
                            ? t('Mentor to {name}', { name: booking.mentee.name })
                            : t('Mentee of {name}', { name: booking.mentor.name })}
                        </span>
                        <Badge variant="outline">{bookingStatuses[booking.status]}</Badge>
                      </div>
                      <span className="text-muted-foreground">
                        {formatDate(booking.startTime, true)} · {formatPaise(booking.amount)}
                        {booking.refund
                          ? ` · ${t('refunded {amount}', { amount: formatPaise(booking.refund.amount) })}`
                          : ''}
                      </span>
                    </li>
                  );
                })}
              </Section>
              <Section title={t('Tests')} empty={t('No tests taken.')} count={details.tests.length}>
                {details.tests.map((test) => (
                  <li
                    key={test.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
                  >
                    <span className="font-medium">{test.stack}</span>
                    <span className="text-muted-foreground">
                      {testStatuses[test.status]}
                      {test.score === null ? '' : ` · ${t('{score} correct', { score: test.score })}`} ·{' '}
                      {formatDate(test.createdAt)}
                    </span>
                  </li>
                ))}
              </Section>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
