import type { RoadmapList, RoadmapSummary } from '@skillroute/shared/roadmap-api';
import { useEffect, useState } from 'react';

export interface PublishedRoadmapsState {
  roadmaps: RoadmapSummary[] | undefined;
  loading: boolean;
  failed: boolean;
}

/**
 * `GET /api/roadmap/published?search=` with a plain fetch, for the home page only: RTK Query's code would
 * put the landing page over its JavaScript budget (docs/decisions/016), and this list is public, read
 * once per visit, and needs neither the session refresh nor the cache.
 */
export function usePublishedRoadmaps(search: string): PublishedRoadmapsState {
  // The last answer and the search it answers: loading is derived (a newer search is asked, not answered yet),
  // and the previous list stays on screen meanwhile.
  const [answer, setAnswer] = useState<{ search: string; roadmaps: RoadmapSummary[] | undefined; failed: boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const query = search ? `?search=${encodeURIComponent(search)}` : '';
    fetch(new Request(`/api/roadmap/published${query}`, { credentials: 'include', signal: controller.signal }))
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as RoadmapList;
        setAnswer({ search, roadmaps: body.roadmaps, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ search, roadmaps: undefined, failed: true });
      });
    return () => controller.abort();
  }, [search]);
  return { roadmaps: answer?.roadmaps, loading: answer?.search !== search, failed: answer?.failed ?? false };
}
