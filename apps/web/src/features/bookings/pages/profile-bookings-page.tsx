import { BOOKING_STATUSES, type Booking } from '@skillroute/shared/bookings';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { selectCurrentUser } from '@/features/auth/api';
import { useListMyBookingsQuery } from '../api';
import { BookingItem } from '../components/booking-item';
import { parseStatusFilter, statusLabels, upcomingAndPast, type StatusFilter } from '../rules';
import { useClock } from '@/lib/use-clock';
import { useAppSelector } from '@/lib/store-hooks';
import { t } from '@/lib/i18n';

/** The filter's choice as it reads, in the reader's language. */
const filterLabel = (filter: StatusFilter): string => (filter === 'all' ? t('All') : statusLabels[filter]);

/**
 * /profile/bookings (spec §2): the user's sessions as mentee and as mentor, filtered by status (?status=), in
 * two sections: Upcoming (holds waiting for payment on top, with their countdown) and Past.
 */
export function ProfileBookingsPage() {
  const userId = useAppSelector(selectCurrentUser)?.id ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseStatusFilter(searchParams.get('status'));
  // Whether a session may still be cancelled moves with the clock.
  const now = useClock(60_000);
  const { data, isLoading, isFetching, isError, refetch } = useListMyBookingsQuery(
    { userId, status: filter === 'all' ? undefined : filter },
    { skip: userId === '' },
  );
  const bookings = data?.bookings ?? [];
  const { upcoming, past } = upcomingAndPast(bookings, now);

  function showFilter(next: StatusFilter) {
    setSearchParams(next === 'all' ? {} : { status: next }, { replace: true });
  }

  return (
    <section aria-labelledby="bookings-title" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="bookings-title" className="text-2xl font-bold tracking-tight">
            {t('Bookings')}
          </h1>
          <p className="text-muted-foreground">{t('Your sessions, as mentee and as mentor.')}</p>
        </div>
        <Select value={filter} onValueChange={(value) => showFilter(value as StatusFilter)}>
          <SelectTrigger aria-label={t('Show bookings')} className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(['all', ...BOOKING_STATUSES] as const).map((value) => (
              <SelectItem key={value} value={value}>
                {filterLabel(value)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {isLoading ? (
        <div className="grid gap-4" aria-busy="true" aria-label={t('Loading your bookings')}>
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
          <p>{t('Your bookings could not be loaded.')}</p>
          <Button type="button" variant="outline" onClick={() => void refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : bookings.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center">
          <p className="font-medium">
            {filter === 'all'
              ? t('You have no bookings yet.')
              : t('No bookings with the status "{status}".', { status: filterLabel(filter) })}
          </p>
          <Link to="/explore-mentors" className={buttonVariants({ variant: 'outline' })}>
            {t('Find a mentor')}
          </Link>
        </div>
      ) : (
        <div className="grid gap-8" aria-busy={isFetching || undefined}>
          {(upcoming.length > 0 || filter === 'all') && (
            <BookingSection kind="upcoming" bookings={upcoming} userId={userId} now={now}>
              <p className="text-sm text-muted-foreground">
                {t('Nothing coming up.')}{' '}
                <Link
                  to="/explore-mentors"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('Find a mentor')}
                </Link>
              </p>
            </BookingSection>
          )}
          {past.length > 0 && <BookingSection kind="past" bookings={past} userId={userId} now={now} />}
        </div>
      )}
    </section>
  );
}

function BookingSection({
  kind,
  bookings,
  userId,
  now,
  children,
}: {
  kind: 'upcoming' | 'past';
  bookings: Booking[];
  userId: string;
  now: number;
  /** Said when there is none. */
  children?: ReactNode;
}) {
  const id = `bookings-${kind}`;
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {kind === 'upcoming' ? t('Upcoming') : t('Past')}
      </h2>
      {bookings.length === 0 ? (
        children
      ) : (
        <ul
          className="grid gap-4"
          aria-label={kind === 'upcoming' ? t('Upcoming bookings') : t('Past bookings')}
        >
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingItem booking={booking} userId={userId} now={new Date(now)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
