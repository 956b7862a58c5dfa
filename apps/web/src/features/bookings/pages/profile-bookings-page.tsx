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

const filterLabels: Record<StatusFilter, string> = { all: 'All', ...statusLabels };

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
            Bookings
          </h1>
          <p className="text-muted-foreground">Your sessions, as mentee and as mentor.</p>
        </div>
        <Select value={filter} onValueChange={(value) => showFilter(value as StatusFilter)}>
          <SelectTrigger aria-label="Show bookings" className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(['all', ...BOOKING_STATUSES] as const).map((value) => (
              <SelectItem key={value} value={value}>
                {filterLabels[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {isLoading ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading your bookings">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
          <p>Your bookings could not be loaded.</p>
          <Button type="button" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : bookings.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center">
          <p className="font-medium">
            {filter === 'all'
              ? 'You have no bookings yet.'
              : `No bookings with the status "${filterLabels[filter]}".`}
          </p>
          <Link to="/explore-mentors" className={buttonVariants({ variant: 'outline' })}>
            Find a mentor
          </Link>
        </div>
      ) : (
        <div className="grid gap-8" aria-busy={isFetching || undefined}>
          {(upcoming.length > 0 || filter === 'all') && (
            <BookingSection title="Upcoming" bookings={upcoming} userId={userId} now={now}>
              <p className="text-sm text-muted-foreground">
                Nothing coming up.{' '}
                <Link
                  to="/explore-mentors"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Find a mentor
                </Link>
              </p>
            </BookingSection>
          )}
          {past.length > 0 && <BookingSection title="Past" bookings={past} userId={userId} now={now} />}
        </div>
      )}
    </section>
  );
}

function BookingSection({
  title,
  bookings,
  userId,
  now,
  children,
}: {
  title: string;
  bookings: Booking[];
  userId: string;
  now: number;
  /** Said when there is none. */
  children?: ReactNode;
}) {
  const id = `bookings-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {bookings.length === 0 ? (
        children
      ) : (
        <ul className="grid gap-4" aria-label={`${title} bookings`}>
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
