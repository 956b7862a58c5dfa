import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/lib/i18n';
import { usePublishedRoadmaps } from './use-published-roadmaps';

const SEARCH_DELAY_MS = 250;

/** The value, once it has stopped changing for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The home page's list of published roadmaps, with search. Plain cards and links: nothing here pulls in
 * the graph library, which only the roadmap pages load.
 */
export function PublishedRoadmaps() {
  const [search, setSearch] = useState('');
  const query = useSettled(search.trim(), SEARCH_DELAY_MS);
  const { roadmaps: found, loading, failed } = usePublishedRoadmaps(query);
  const headingId = useId();
  const roadmaps = found ?? [];

  return (
    // `id="roadmaps"`: the header's Roadmaps link lands here (app/header-links.ts); scroll-mt clears the sticky header.
    <section
      id="roadmaps"
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-6xl scroll-mt-24 px-4 pt-16 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('Roadmaps to follow')}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {t("Open one, read each topic's notes and links, and mark your progress as you go.")}
          </p>
        </div>
        <div className="relative w-full sm:w-72">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label={t('Search roadmaps')}
            placeholder={t('Search roadmaps')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="mt-6" aria-live="polite" aria-busy={loading}>
        {loading && found === undefined ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-36" />
            ))}
          </div>
        ) : failed ? (
          <p role="alert">{t('The roadmaps could not be loaded. Please try again later.')}</p>
        ) : roadmaps.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {query ? t('No roadmaps match your search.') : t('No roadmaps are published yet.')}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {roadmaps.map((roadmap) => (
              <li key={roadmap.id} className="flex">
                <Link
                  to={`/roadmap/${roadmap.id}`}
                  className="flex w-full flex-col gap-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <span className="text-lg font-semibold [overflow-wrap:anywhere]">{roadmap.title}</span>
                  <span className="line-clamp-3 text-sm text-muted-foreground">{roadmap.description}</span>
                  {roadmap.matchedTopics && roadmap.matchedTopics.length > 0 && (
                    <span className="text-sm [overflow-wrap:anywhere]">
                      <span className="font-medium">
                        {roadmap.matchedTopics.length === 1 ? t('Matches topic:') : t('Matches topics:')}
                      </span>{' '}
                      {roadmap.matchedTopics.join(', ')}
                    </span>
                  )}
                  <span className="mt-auto pt-2 text-xs text-muted-foreground">
                    {t('{count} topics · by {name}', { count: roadmap.nodeCount, name: roadmap.author.name })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
