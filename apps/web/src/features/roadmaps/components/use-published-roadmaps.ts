import type { PublishedRoadmap, PublishedRoadmapList } from '@skillroute/shared/roadmap-api';
import { useEffect, useState } from 'react';
import { shareRequest } from './shared-request';

export interface PublishedRoadmapsState {
  roadmaps: PublishedRoadmap[] | undefined;
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
  const [answer, setAnswer] = useState<{
    search: string;
    roadmaps: PublishedRoadmap[] | undefined;
    failed: boolean;
  } | null>(null);
  useEffect(() => {
    let current = true;
    const url = `/api/roadmap/published${search ? `?search=${encodeURIComponent(search)}` : ''}`;
    // Shared, not owned: a mount that follows an unmount at once reuses the request (./shared-request).
    const request = shareRequest(url, async (signal) => {
      const response = await fetch(new Request(url, { credentials: 'include', signal }));
      if (!response.ok) throw new Error(`status ${response.status}`);
      return ((await response.json()) as PublishedRoadmapList).roadmaps;
    });
    request.result.then(
      (roadmaps) => {
        if (current) setAnswer({ search, roadmaps, failed: false });
      },
      () => {
        if (current) setAnswer({ search, roadmaps: undefined, failed: true });
      },
    );
    return () => {
      current = false;
      request.release();
    };
  }, [search]);
  return { roadmaps: answer?.roadmaps, loading: answer?.search !== search, failed: answer?.failed ?? false };
}
