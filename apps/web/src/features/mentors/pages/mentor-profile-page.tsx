import { languageLabel } from '@skillroute/shared/mentors-constants';
import type { MentorProfile } from '@skillroute/shared/mentors';
import { ArrowLeft, Briefcase, ExternalLink, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { useGetMentorDetailsQuery } from '@/lib/mentor-details-api';
import { useAfterPaint } from '@/lib/use-after-paint';
import { formatRating, formatRupees } from '../format';
import { FreeHoursSkeleton, type BookingSlotProps } from '../components/free-hours-skeleton';
import { LoadError } from '../components/load-error';
import { MentorAvatar } from '../components/mentor-avatar';
import { MentorReviews, ReviewsSkeleton } from '../components/mentor-reviews';
import { listingPathFrom } from '../list-filters';

export type { BookingSlotProps };

/**
 * The free hours, the booking panel and the waitlist (the slot picker, the time zones, the visitor's holds, zod) load
 * once the profile's words are on screen: the bio is the page's largest paint, and before this it waited for 17 more
 * scripts, 77 kB compressed (bench/RESULTS.md, "The mentor's profile").
 */
const ProfileFreeHours = lazy(async () => ({
  default: (await import('../components/free-hours')).ProfileFreeHours,
}));

/**
 * /mentor-profile/{mentorId} (spec §2, open to everyone): who the mentor is, their rating, and their free
 * hours. `notFound` (from the app layer) is shown for an id that is nobody's or not a mentor's; `booking`
 * (also from the app layer) renders under the free hours to book the chosen one. `?slot=` chooses an hour
 * on arrival, so a visitor sent to sign in comes back to the hour they chose.
 */
export function MentorProfilePage({
  notFound,
  booking,
  onPainted,
}: {
  notFound: ReactNode;
  booking?: (props: BookingSlotProps) => ReactNode;
  /** Called once the profile is on screen, as its free hours start loading: the app layer loads `booking` then. */
  onPainted?: () => void;
}) {
  const { mentorId = '' } = useParams();
  const details = useGetMentorDetailsQuery(mentorId);
  const status = errorStatus(details.error);
  const location = useLocation();
  // The reviews and the free hours (their code and their reads) wait until the profile has been painted.
  const painted = useAfterPaint(details.data !== undefined);
  useEffect(() => {
    if (painted) onPainted?.();
  }, [painted, onPainted]);

  // A malformed id is as unknown as a missing one.
  if (status === 404 || status === 400) return notFound;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <Link
        to={listingPathFrom(location.state)}
        className="mb-6 inline-flex items-center gap-1 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('All mentors')}
      </Link>
      {details.isError ? (
        <LoadError onRetry={() => void details.refetch()}>
          <h1 className="text-lg font-medium">{t("This mentor's profile could not be loaded.")}</h1>
        </LoadError>
      ) : !details.data ? (
        <ProfileSkeleton />
      ) : (
        <Profile mentor={details.data.mentor} booking={booking} painted={painted} />
      )}
    </div>
  );
}

function Profile({
  mentor,
  booking,
  painted,
}: {
  mentor: MentorProfile;
  booking?: (props: BookingSlotProps) => ReactNode;
  painted: boolean;
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
                {t('{count, plural, one {# year experience} other {# years experience}}', {
                  count: mentor.expirience,
                })}
              </span>
              <RatingLine mentor={mentor} />
            </p>
            <ul aria-label={t('Profiles elsewhere')} className="flex flex-wrap gap-3 pt-1">
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
                    <span className="sr-only"> {t('(opens in a new tab)')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <ProfileSection id="about" title={t('About')}>
          <p className="whitespace-pre-line text-pretty [overflow-wrap:anywhere]">{mentor.bio}</p>
        </ProfileSection>

        <ProfileSection id="skills" title={t('Skills')}>
          <ChipList
            items={mentor.assessedSkills}
            empty={t('No assessed skills yet.')}
            label={t('Assessed skills')}
          />
        </ProfileSection>

        <ProfileSection id="languages" title={t('Languages')}>
          <ChipList
            items={mentor.languages.map((language) => translate(languageLabel(language)))}
            empty={t('No languages listed.')}
            label={t('Languages')}
          />
        </ProfileSection>

        {mentor.companies.length > 0 && (
          <ProfileSection id="companies" title={t('Companies')}>
            <ChipList items={mentor.companies} empty="" label={t('Companies')} />
          </ProfileSection>
        )}

        <ProfileSection id="reviews" title={t('Reviews')}>
          <div className="flex flex-col gap-4">
            <p className="flex items-center gap-3">
              <span className="text-4xl font-bold">{formatRating(mentor.rating)}</span>
              <span className="text-sm text-muted-foreground">
                {mentor.rating === null ? t('Not rated yet') : t('out of 5')}
                <br />
                {t('{count, plural, one {# review} other {# reviews}}', { count: mentor.reviewCount })} ·{' '}
                {t('{count, plural, one {# session held} other {# sessions held}}', {
                  count: mentor.sessionsHeld,
                })}
              </span>
            </p>
            {painted ? <MentorReviews mentorId={mentor.id} /> : <ReviewsSkeleton />}
          </div>
        </ProfileSection>
      </div>

      <aside aria-labelledby="book-title" className="lg:sticky lg:top-24 lg:self-start">
        <div className="flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="book-title" className="text-xl font-semibold">
              {t('Free hours')}
            </h2>
            <p>
              {mentor.pricePerSession === null ? (
                <span className="text-sm text-muted-foreground">{t('No rate set')}</span>
              ) : (
                <>
                  <span className="text-xl font-bold">{formatRupees(mentor.pricePerSession)}</span>
                  <span className="text-sm text-muted-foreground"> {t('/ session')}</span>
                </>
              )}
            </p>
          </div>
          {painted ? (
            <Suspense fallback={<FreeHoursSkeleton />}>
              <ProfileFreeHours
                mentorId={mentor.id}
                pricePerSession={mentor.pricePerSession}
                booking={booking}
              />
            </Suspense>
          ) : (
            <FreeHoursSkeleton />
          )}
        </div>
      </aside>
    </div>
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
        ? t('New mentor')
        : `${formatRating(mentor.rating)} (${t('{count, plural, one {# review} other {# reviews}}', { count: mentor.reviewCount })})`}
      <span className="text-muted-foreground">
        {' '}
        · {t('{count, plural, one {# session held} other {# sessions held}}', { count: mentor.sessionsHeld })}
      </span>
    </span>
  );
}

/** `id` names the section in every language (`section-about`). */
function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${id}`} className="flex flex-col gap-3">
      <h2 id={`section-${id}`} className="text-xl font-semibold">
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
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]" aria-label={t('Loading the profile')}>
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
