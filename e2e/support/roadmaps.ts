import type { APIRequestContext } from '@playwright/test';

/** The id of the demo seed's Frontend Developer roadmap, as the public listing gives it. */
export async function frontendRoadmapId(request: APIRequestContext): Promise<string> {
  const listed = (await (await request.get('/api/roadmap/published?search=Frontend%20Developer')).json()) as {
    roadmaps: Array<{ id: string; title: string }>;
  };
  const frontend = listed.roadmaps.find((roadmap) => roadmap.title === 'Frontend Developer');
  if (!frontend) throw new Error('the demo seed has no Frontend Developer roadmap');
  return frontend.id;
}
