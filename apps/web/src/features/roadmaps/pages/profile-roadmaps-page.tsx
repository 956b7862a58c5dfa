import type { RoadmapSummary } from '@skillroute/shared/roadmap-api';
import { canEditRoadmap, ROADMAP_STATUSES, type RoadmapStatus } from '@skillroute/shared/roadmap-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { selectCurrentUser } from '@/features/auth/api';
import { t } from '@/lib/i18n';
import { useAppSelector } from '@/lib/store-hooks';
import { useGetProfileRoadmapsQuery } from '../api';
import { NewRoadmapDialog } from '../components/new-roadmap-dialog';
import { RoadmapCardHeader } from '../components/roadmap-status-badge';

/** The filter's choices, in the reader's language (called while rendering). */
const filterLabels = (): Record<RoadmapStatus | 'all', string> => ({
  all: t('All'),
  drafted: t('Drafted'),
  published: t('Published'),
  rejected: t('Rejected'),
});

/** /profile/roadmaps: the author's roadmaps, where they stand, the reviewer's feedback, and a way on. */
export function ProfileRoadmapsPage() {
  const userId = useAppSelector(selectCurrentUser)?.id ?? '';
  const [filter, setFilter] = useState<RoadmapStatus | 'all'>('all');
  const { data, isLoading, isError, refetch } = useGetProfileRoadmapsQuery(
    { userId, status: filter === 'all' ? undefined : filter },
    { skip: userId === '' },
  );
  const roadmaps = data?.roadmaps ?? [];
  const labels = filterLabels();

  return (
    <section aria-labelledby="roadmaps-title" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="roadmaps-title" className="text-2xl font-bold tracking-tight">
            {t('Roadmaps')}
          </h1>
          <p className="text-muted-foreground">
            {t('The roadmaps you drew: drafts, ones in review, and published ones.')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Select value={filter} onValueChange={(value) => setFilter(value as RoadmapStatus | 'all')}>
            <SelectTrigger aria-label={t('Show roadmaps')} className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['all', ...ROADMAP_STATUSES] as const).map((value) => (
                <SelectItem key={value} value={value}>
                  {labels[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <NewRoadmapDialog />
        </div>
      </div>

      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label={t('Loading your roadmaps')}>
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
          <p>{t('Your roadmaps could not be loaded.')}</p>
          <Button type="button" variant="outline" onClick={() => refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : roadmaps.length === 0 ? (
        <div className="rounded-lg border border-dashed p-8 text-center">
          <p className="font-medium">
            {filter === 'all'
              ? t('You have not drawn a roadmap yet.')
              : filter === 'drafted'
                ? t('No drafted roadmaps.')
                : filter === 'published'
                  ? t('No published roadmaps.')
                  : t('No rejected roadmaps.')}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {t('Start one with "New roadmap": give it a title, draw its topics, and submit it for review.')}
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {roadmaps.map((roadmap) => (
            <li key={roadmap.id} className="flex">
              <OwnRoadmapCard roadmap={roadmap} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OwnRoadmapCard({ roadmap, userId }: { roadmap: RoadmapSummary; userId: string }) {
  const editable = canEditRoadmap({ authorId: roadmap.author.id, status: roadmap.status }, userId);
  return (
    <Card asArticle aria-labelledby={`roadmap-${roadmap.id}`} className="w-full">
      <RoadmapCardHeader roadmap={roadmap} titleId={`roadmap-${roadmap.id}`} />
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          {roadmap.nodeCount === 1
            ? t('{count} topic', { count: roadmap.nodeCount })
            : t('{count} topics', { count: roadmap.nodeCount })}
        </p>
        {roadmap.status === 'rejected' && roadmap.adminFeedback && (
          <div className="rounded-md border border-destructive/40 bg-destructive/10 p-3">
            <p className="font-medium">{t("Reviewer's feedback")}</p>
            <p className="whitespace-pre-line">{roadmap.adminFeedback}</p>
          </div>
        )}
      </CardContent>
      <CardFooter className="mt-auto gap-2">
        {editable && (
          <Button asChild size="sm">
            <Link to={`/draw-roadmap/${roadmap.id}`}>{t('Edit')}</Link>
          </Button>
        )}
        {roadmap.status === 'published' && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/roadmap/${roadmap.id}`}>{t('View')}</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
