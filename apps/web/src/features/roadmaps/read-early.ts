/** GET /api/roadmap/{id}, spelt once for RTK Query's endpoint and the early read below: the browser matches them by URL. */
export const roadmapPath = (id: string) => `/api/roadmap/${encodeURIComponent(id)}`;

let firstRead = true;

/**
 * For the visit's first roadmap page, starts reading the roadmap while the page's code is still on its way,
 * instead of after it: a `preload` link whose answer RTK Query's own fetch of the same URL (with cookies, hence
 * `use-credentials`) takes instead of asking again. Later roadmap pages go through RTK Query's cache, which may
 * already hold theirs (an early read would then be fetched for nothing), so they read nothing early.
 */
export function readRoadmapEarly(id: string | undefined): void {
  if (!firstRead || id === undefined) return;
  firstRead = false;
  // The build's route-preloads script may have asked already, before the app's code arrived.
  if (
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].some(
      (link) => link.getAttribute('href') === roadmapPath(id),
    )
  )
    return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'use-credentials';
  link.href = roadmapPath(id);
  document.head.append(link);
}
