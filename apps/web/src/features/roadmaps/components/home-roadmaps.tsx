import { lazy, Suspense } from 'react';
import { PublishedRoadmaps } from './published-roadmaps';

// Signed-in only, and it reads through RTK Query: kept out of the chunk a visitor who is not signed in loads.
const ContinueLearning = lazy(async () => ({
  default: (await import('./continue-learning')).ContinueLearning,
}));

/** The home page's roadmap sections: the reader's own progress when signed in, then the published list. */
export function HomeRoadmaps({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <ContinueLearning />
        </Suspense>
      )}
      <PublishedRoadmaps />
    </>
  );
}
