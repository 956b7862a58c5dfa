import { ChevronLeft, ChevronRight, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { useGetStacksQuery } from '@/lib/stacks-api';
import { useListMentorsQuery } from '../api';
import { LoadError } from '../components/load-error';
import { MentorCard, MentorCardSkeleton } from '../components/mentor-card';
import { MentorFiltersPanel } from '../components/mentor-filters';
import {
  carriedLearning,
  hasFilters,
  learningCarryQuery,
  type MentorFilters,
  NO_FILTERS,
  noMatchAdvice,
  PAGE_SIZE,
  readFilters,
  withLearningCarry,
  writeFilters,
} from '../list-filters';
import { browserTimeZone } from '@/lib/time-zones';

/**
 * /explore-mentors (spec §2, open to everyone): mentors by skill, experience, languages and companies, with a
 * search. The filters live in the URL. `userId` (the signed-in person, from the app layer) keeps them out of
 * their own results.
 */
export function ExploreMentorsPage({ userId }: { userId?: string }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const carried = useMemo(() => carriedLearning(params), [params]);
  const list = useListMentorsQuery({ ...filters, limit: PAGE_SIZE, userId, ...carried });
  const stacks = useGetStacksQuery();
  const stackNames = useMemo(() => (stacks.data ?? []).map((stack) => stack.name), [stacks.data]);
  const [zone] = useState(browserTimeZone);

  // The address as last written, not as this render read it: two fields that settle before the next render (the
  // companies and the search typed one after the other) each write it, and the second must keep the first.
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);
  const change = (next: Partial<MentorFilters>, options?: { replace?: boolean }) => {
    const latest = written.current;
    // Any new filter starts again at the first page; a page change keeps the filters.
    const updated = withLearningCarry(writeFilters({ ...readFilters(latest), page: 1, ...next }), latest);
    written.current = updated;
    setParams(updated, { replace: options?.replace ?? false });
  };
  const clear = () => setParams(withLearningCarry(writeFilters(NO_FILTERS), params));
  const carry = learningCarryQuery(params);

  const data = list.currentData;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const filtered = hasFilters(filters);
  const advice = noMatchAdvice(filters);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('Find a mentor')}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          {t(
            'Mentors have passed a test in each skill they teach. Book a one-hour session at a time that suits you, shown in your own time zone.',
          )}
        </p>
      </header>

      <div className="grid gap-6 md:grid-cols-[16rem_1fr] lg:grid-cols-[18rem_1fr]">
        <MentorFiltersPanel
          filters={filters}
          stacks={{ names: stackNames, loading: stacks.isLoading, failed: stacks.isError }}
          onChange={change}
          onClear={clear}
          canClear={filtered}
        />

        <section
          aria-labelledby="mentor-results"
          aria-busy={list.isFetching}
          className="flex min-w-0 flex-col gap-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="mentor-results" className="text-lg font-semibold">
              {t('Mentors')}
            </h2>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {data &&
                !list.isError &&
                t('{count, plural, one {# mentor} other {# mentors}}', { count: data.total })}
            </p>
          </div>

          {list.isError ? (
            <LoadError onRetry={() => void list.refetch()}>
              <p className="font-medium">{t('The mentors could not be loaded.')}</p>
            </LoadError>
          ) : !data ? (
            <ul className="grid gap-4 lg:grid-cols-2" aria-label={t('Loading mentors')}>
              {Array.from({ length: 4 }, (_, index) => (
                <li key={index}>
                  <MentorCardSkeleton />
                </li>
              ))}
            </ul>
          ) : data.mentors.length === 0 && data.total > 0 ? (
            // An old link can name a page past the end once fewer mentors match.
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed p-10 text-center">
              <p className="text-lg font-medium">
                {t('There is no page {page} of these results', { page: filters.page })}
              </p>
              <Button type="button" onClick={() => change({ page: 1 })}>
                {t('Go to the first page')}
              </Button>
            </div>
          ) : data.mentors.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed p-10 text-center">
              <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="text-lg font-medium [overflow-wrap:anywhere]">
                {advice?.title ?? t('No mentors yet')}
              </p>
              {advice ? (
                <>
                  <p className="text-sm text-muted-foreground">{advice.hint}</p>
                  <Button type="button" onClick={clear}>
                    {advice.clear}
                  </Button>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">
                  {t('Mentors appear here once they pass a skill test and set their hours.')}
                </p>
              )}
            </div>
          ) : (
            <>
              <ul className="grid gap-4 lg:grid-cols-2">
                {data.mentors.map((mentor) => (
                  <li key={mentor.id}>
                    <MentorCard mentor={mentor} zone={zone} listing={params.toString()} carry={carry} />
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <nav aria-label={t('Pages')} className="flex items-center justify-between gap-3 pt-2">
                  <Button
                    type="button"
                    variant="outline"
                    disabled={filters.page <= 1}
                    onClick={() => change({ page: filters.page - 1 })}
                  >
                    <ChevronLeft aria-hidden="true" />
                    {t('Previous')}
                  </Button>
                  <p className="text-sm text-muted-foreground">
                    {t('Page {page} of {pages}', { page: Math.min(filters.page, pages), pages })}
                  </p>
                  <Button
                    type="button"
                    variant="outline"
                    disabled={filters.page >= pages}
                    onClick={() => change({ page: filters.page + 1 })}
                  >
                    {t('Next')}
                    <ChevronRight aria-hidden="true" />
                  </Button>
                </nav>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
