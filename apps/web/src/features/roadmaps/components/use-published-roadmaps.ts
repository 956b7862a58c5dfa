import type { RoadmapSummary } from '@skillroute/shared/roadmaps';
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
  const [state, setState] = useState<PublishedRoadmapsState>({ roadmaps: undefined, loading: true, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    const query = search ? `?search=${encodeURIComponent(search)}` : '';
    setState((previous) => ({ ...previous, loading: true }));
    fetch(new Request(`/api/roadmap/published${query}`, { credentials: 'include', signal: controller.signal }))
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { roadmaps: RoadmapSummary[] };
        setState({ roadmaps: body.roadmaps, loading: false, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ roadmaps: undefined, loading: false, failed: true });
      });
    return () => controller.abort();
  }, [search]);
  return state;
}
