import type { Recommendation } from '@skillroute/shared/learning';
import { recommendedByText } from '@skillroute/shared/learning-texts';
import type { RoadmapProgressSummary } from '@skillroute/shared/roadmap-api';
import { useId } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { t, translate } from '@/lib/i18n';
import { useGetMyProgressQuery, useGetMyRecommendationsQuery } from '../progress-summary-api';

/**
 * The signed-in reader's "Continue learning" row on the home page: each roadmap they have marked topics
 * of, most recently marked first, with how far they are. No row at all when there is none.
 */
export function ContinueLearning() {
  // Read on every visit of the home page: marks made on a roadmap page since must show here.
  const { data, isLoading, isError, refetch } = useGetMyProgressQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  // The topics a session's mentor recommended (DESIGN.md §4b), read on every visit like the progress.
  const suggested = useGetMyRecommendationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const headingId = useId();
  const roadmaps = data?.roadmaps ?? [];
  const suggestions = suggested.data?.recommendations ?? [];
  if (!isLoading && !isError && roadmaps.length === 0 && suggestions.length === 0) return null;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={isLoading}
      className="mx-auto w-full max-w-6xl px-4 pt-12 sm:px-6"
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('Continue learning')}
      </h2>
      <div className="mt-4">
        {isLoading ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-24 max-sm:hidden" />
          </div>
        ) : isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
            {t('Your progress could not be loaded.')}
            <button
              type="button"
              onClick={() => void refetch()}
              className="rounded-sm font-medium text-foreground underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {t('Try again')}
            </button>
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {roadmaps.map((roadmap) => (
              <li key={roadmap.id} className="flex">
                <ProgressCard roadmap={roadmap} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {suggestions.length > 0 && <MentorSuggestions suggestions={suggestions} />}
    </section>
  );
}

/** "Your mentor suggests": each recommended topic, who recommended it and why, linking to its roadmap. */
function MentorSuggestions({ suggestions }: { suggestions: Recommendation[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="text-xl font-semibold">
        {t('Your mentor suggests')}
      </h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {suggestions.map((suggestion) => (
          <li key={`${suggestion.bookingId}-${suggestion.nodeId}`} className="flex">
            <Link
              to={`/roadmap/${suggestion.roadmapId}`}
              className="flex w-full flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <span className="font-semibold [overflow-wrap:anywhere]">{suggestion.label}</span>
              <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {suggestion.roadmapTitle} · {translate(recommendedByText(suggestion.mentor.name))}
              </span>
              {suggestion.note && (
                <span className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">
                  {suggestion.note}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProgressCard({ roadmap }: { roadmap: RoadmapProgressSummary }) {
  const percent = roadmap.total === 0 ? 0 : Math.round((roadmap.done / roadmap.total) * 100);
  const figures = t('{done} of {total} topics done', { done: roadmap.done, total: roadmap.total });
  return (
    <Link
      to={`/roadmap/${roadmap.id}`}
      className="flex w-full flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <span className="text-lg font-semibold [overflow-wrap:anywhere]">{roadmap.title}</span>
      <span
        role="progressbar"
        aria-label={t('Progress in {title}', { title: roadmap.title })}
        aria-valuemin={0}
        aria-valuemax={roadmap.total}
        aria-valuenow={roadmap.done}
        aria-valuetext={figures}
        className="block h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
      <span className="text-sm text-muted-foreground">{figures}</span>
    </Link>
  );
}
