import type { MentorCard as MentorCardData } from '@skillroute/shared/mentors';
import { languageLabel } from '@skillroute/shared/mentors-constants';
import { Briefcase, CalendarClock, Languages, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { t, translate } from '@/lib/i18n';
import { formatRating, formatRupees } from '../format';
import type { FromListingState } from '../list-filters';
import { formatSlotDateTime } from '@/lib/time-zones';
import { MentorAvatar } from './mentor-avatar';

/**
 * One mentor of the listing; the whole card links to their profile, telling it the listing's query (`listing`)
 * so its "All mentors" comes back to the same filters. Times are read in `zone` (the visitor's).
 */
export function MentorCard({
  mentor,
  zone,
  listing = '',
  carry = '',
}: {
  mentor: MentorCardData;
  zone: string;
  listing?: string;
  /** The roadmap and topic a topic's link carries on to the booking panel (`roadmap=…&topic=…`), if any. */
  carry?: string;
}) {
  const state: FromListingState = { listing };
  return (
    <article className="relative flex h-full flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors focus-within:ring-[3px] focus-within:ring-ring/60 hover:border-primary">
      <div className="flex items-start gap-4">
        <MentorAvatar name={mentor.name} avatar={mentor.avatar} />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
            {/* The link's box covers the card, so the whole card is one target with the name as its text. */}
            <Link
              to={`/mentor-profile/${encodeURIComponent(mentor.id)}${carry ? `?${carry}` : ''}`}
              state={state}
              className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
            >
              {mentor.name}
            </Link>
          </h3>
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{mentor.headline}</p>
        </div>
      </div>

      {mentor.assessedSkills.length > 0 && (
        <ul aria-label={t('Assessed skills')} className="flex flex-wrap gap-1.5">
          {mentor.assessedSkills.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary">{skill}</Badge>
            </li>
          ))}
        </ul>
      )}

      <dl className="grid gap-1.5 text-sm">
        <div className="flex gap-2">
          <dt>
            <Languages className="mt-0.5 size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">{t('Languages')}</span>
          </dt>
          <dd>{mentor.languages.map((language) => translate(languageLabel(language))).join(', ')}</dd>
        </div>
        <div className="flex gap-2">
          <dt>
            <Briefcase className="mt-0.5 size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">{t('Experience')}</span>
          </dt>
          <dd className="[overflow-wrap:anywhere]">
            {t('{count, plural, one {# year experience} other {# years experience}}', {
              count: mentor.expirience,
            })}
            {mentor.companies.length > 0 && (
              <span className="text-muted-foreground"> · {mentor.companies.join(', ')}</span>
            )}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt>
            <CalendarClock className="mt-0.5 size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">{t('Next free slot')}</span>
          </dt>
          <dd>
            {mentor.nextFreeSlot ? (
              t('Next free: {time}', { time: formatSlotDateTime(mentor.nextFreeSlot.startTime, zone) })
            ) : (
              <span className="text-muted-foreground">{t('No free slot in the next 60 days')}</span>
            )}
          </dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t pt-3">
        <p className="text-sm">
          <span className="inline-flex items-center gap-1 font-medium">
            <Star
              className="size-4 fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300"
              aria-hidden="true"
            />
            {mentor.rating === null ? (
              formatRating(null)
            ) : (
              <span
                role="img"
                aria-label={t('Rated {rating} out of 5', { rating: formatRating(mentor.rating) })}
              >
                {formatRating(mentor.rating)}
              </span>
            )}
          </span>
          {mentor.reviewCount > 0 && (
            <span className="text-muted-foreground">
              {' '}
              ({t('{count, plural, one {# review} other {# reviews}}', { count: mentor.reviewCount })})
            </span>
          )}
          <span className="text-muted-foreground">
            {' '}
            ·{' '}
            {t('{count, plural, one {# session held} other {# sessions held}}', {
              count: mentor.sessionsHeld,
            })}
          </span>
        </p>
        <p className="text-right">
          <span className="text-lg font-bold">{formatRupees(mentor.pricePerSession)}</span>
          <span className="text-sm text-muted-foreground"> {t('/ session')}</span>
        </p>
      </div>
    </article>
  );
}

/** The shape of a card while the list loads. */
export function MentorCardSkeleton() {
  return (
    <div className="flex h-64 flex-col gap-4 rounded-xl border bg-card p-5" aria-hidden="true">
      <div className="flex gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="mt-auto h-6 w-full" />
    </div>
  );
}
