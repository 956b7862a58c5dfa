import type { Booking } from '@skillroute/shared/bookings';
import { languageLabel, type MentorProfile } from '@skillroute/shared/mentors';
import { ArrowLeft, Briefcase, ExternalLink, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useOwnHold } from '@/features/bookings/api';
import { errorStatus } from '@/lib/api-error';
import { useGetMentorDetailsQuery } from '@/lib/mentor-details-api';
import { useClock } from '@/lib/use-clock';
import { useGetMentorSlotsQuery } from '../api';
import { formatRating, formatRupees, plural } from '../format';
import { LoadError } from '../components/load-error';
import { MentorAvatar } from '../components/mentor-avatar';
import { MentorReviews } from '../components/mentor-reviews';
import { SlotPicker } from '@/components/slots/slot-picker';
import { WaitlistButton } from '../components/waitlist-button';
import { listingPathFrom } from '../list-filters';
import { bookableSlotWindow, browserTimeZone } from '@/lib/time-zones';

/** What the booking panel (composed by the app layer) needs to know of the page. */
export interface BookingSlotProps {
  mentorId: string;
  pricePerSession: number | null;
  slot: string | null;
  zone: string;
  clearSlot: () => void;
  /** The visitor's own hold with this mentor, still running (after a reload or Back from the checkout too). */
  hold: Booking | undefined;
}

/**
 * /mentor-profile/{mentorId} (spec §2, open to everyone): who the mentor is, their rating, and their free
 * hours. `notFound` (from the app layer) is shown for an id that is nobody's or not a mentor's; `booking`
 * (also from the app layer) renders under the free hours to book the chosen one. `?slot=` chooses an hour
 * on arrival, so a visitor sent to sign in comes back to the hour they chose.
 */
export function MentorProfilePage({
  notFound,
  booking,
}: {
  notFound: ReactNode;
  booking?: (props: BookingSlotProps) => ReactNode;
}) {
  const { mentorId = '' } = useParams();
  const details = useGetMentorDetailsQuery(mentorId);
  const status = errorStatus(details.error);
  const location = useLocation();

  // A malformed id is as unknown as a missing one.
  if (status === 404 || status === 400) return notFound;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <Link
        to={listingPathFrom(location.state)}
        className="mb-6 inline-flex items-center gap-1 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All mentors
      </Link>
      {details.isError ? (
        <LoadError onRetry={() => void details.refetch()}>
          <h1 className="text-lg font-medium">This mentor's profile could not be loaded.</h1>
        </LoadError>
      ) : !details.data ? (
        <ProfileSkeleton />
      ) : (
        <Profile mentor={details.data.mentor} booking={booking} />
      )}
    </div>
  );
}

function Profile({
  mentor,
  booking,
}: {
  mentor: MentorProfile;
  booking?: (props: BookingSlotProps) => ReactNode;
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby="mentor-name" className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <MentorAvatar name={mentor.name} avatar={mentor.avatar} className="size-24 text-2xl" />
          <div className="flex min-w-0 flex-col gap-2">
            <h1 id="mentor-name" className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
              {mentor.name}
            </h1>
            <p className="text-lg text-pretty text-muted-foreground">{mentor.headline}</p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <span className="inline-flex items-center gap-1">
                <Briefcase className="size-4 text-muted-foreground" aria-hidden="true" />
                {plural(mentor.expirience, 'year')} experience
              </span>
              <RatingLine mentor={mentor} />
            </p>
            <ul aria-label="Profiles elsewhere" className="flex flex-wrap gap-3 pt-1">
              {[
                ['LinkedIn', mentor.linkedinUrl],
                ['GitHub', mentor.githubUrl],
              ].map(([site, url]) => (
                <li key={site}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex items-center gap-1 rounded-md text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  >
                    <ExternalLink className="size-4" aria-hidden="true" />
                    {site}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <ProfileSection title="About">
          <p className="whitespace-pre-line text-pretty [overflow-wrap:anywhere]">{mentor.bio}</p>
        </ProfileSection>

        <ProfileSection title="Skills">
          <ChipList items={mentor.assessedSkills} empty="No assessed skills yet." label="Assessed skills" />
        </ProfileSection>

        <ProfileSection title="Languages">
          <ChipList
            items={mentor.languages.map(languageLabel)}
            empty="No languages listed."
            label="Languages"
          />
        </ProfileSection>

        {mentor.companies.length > 0 && (
          <ProfileSection title="Companies">
            <ChipList items={mentor.companies} empty="" label="Companies" />
          </ProfileSection>
        )}

        <ProfileSection title="Reviews">
          <div className="flex flex-col gap-4">
            <p className="flex items-center gap-3">
              <span className="text-4xl font-bold">{formatRating(mentor.rating)}</span>
              <span className="text-sm text-muted-foreground">
                {mentor.rating === null ? 'Not rated yet' : 'out of 5'}
                <br />
                {plural(mentor.reviewCount, 'review')} · {plural(mentor.sessionsHeld, 'session')} held
              </span>
            </p>
            <MentorReviews mentorId={mentor.id} />
          </div>
        </ProfileSection>
      </div>

      <aside aria-labelledby="book-title" className="lg:sticky lg:top-24 lg:self-start">
        <div className="flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="book-title" className="text-xl font-semibold">
              Free hours
            </h2>
            <p>
              {mentor.pricePerSession === null ? (
                <span className="text-sm text-muted-foreground">No rate set</span>
              ) : (
                <>
                  <span className="text-xl font-bold">{formatRupees(mentor.pricePerSession)}</span>
                  <span className="text-sm text-muted-foreground"> / session</span>
                </>
              )}
            </p>
          </div>
          <FreeHours mentorId={mentor.id} pricePerSession={mentor.pricePerSession} booking={booking} />
          <WaitlistButton mentorId={mentor.id} />
        </div>
      </aside>
    </div>
  );
}

function FreeHours({
  mentorId,
  pricePerSession,
  booking,
}: {
  mentorId: string;
  pricePerSession: number | null;
  booking?: (props: BookingSlotProps) => ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const [window] = useState(bookableSlotWindow);
  const [zone, setZone] = useState(browserTimeZone);
  const [chosen, setChosen] = useState<string | null>(() => searchParams.get('slot'));
  const slots = useGetMentorSlotsQuery({ mentorId, ...window });
  // Coarse: the panel counts the hold down by the second and says when it lapses; the picker follows soon after.
  const now = useClock(10_000);
  const hold = useOwnHold(mentorId, now);

  if (slots.isError) {
    return (
      <LoadError compact onRetry={() => void slots.refetch()}>
        <p>The free hours could not be loaded.</p>
      </LoadError>
    );
  }
  if (!slots.data) {
    return (
      <div className="flex flex-col gap-3" aria-label="Loading free hours">
        <Skeleton className="h-9" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return (
    <>
      <SlotPicker
        slots={slots.data.slots}
        from={window.from}
        to={window.to}
        zone={zone}
        onZoneChange={setZone}
        chosen={chosen}
        onChoose={setChosen}
        held={hold?.startTime ?? null}
      />
      {booking?.({ mentorId, pricePerSession, slot: chosen, zone, clearSlot: () => setChosen(null), hold })}
    </>
  );
}

function RatingLine({ mentor }: { mentor: MentorProfile }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Star
        className="size-4 fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300"
        aria-hidden="true"
      />
      {mentor.rating === null
        ? 'New mentor'
        : `${formatRating(mentor.rating)} (${plural(mentor.reviewCount, 'review')})`}
      <span className="text-muted-foreground"> · {plural(mentor.sessionsHeld, 'session')} held</span>
    </span>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ChipList({ items, empty, label }: { items: string[]; empty: string; label: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Badge variant="secondary" className="px-3 py-1 text-sm">
            {item}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]" aria-label="Loading the profile">
      <div className="flex flex-col gap-6">
        <div className="flex gap-5">
          <Skeleton className="size-24 rounded-full" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
        <Skeleton className="h-32" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className="h-96" />
    </div>
  );
}
