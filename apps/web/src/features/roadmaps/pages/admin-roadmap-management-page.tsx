import { FAILURE_TITLE } from '@skillroute/shared/errors';
import type { RoadmapSummary } from '@skillroute/shared/roadmap-api';
import { ADMIN_ROADMAP_FILTERS, roadmapMessages } from '@skillroute/shared/roadmap-rules';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useGetAdminRoadmapsQuery, useListUnlistRoadmapMutation } from '../api';
import { RoadmapRequestsDialog } from '../components/roadmap-requests-dialog';
import { RoadmapCardHeader } from '../components/roadmap-status-badge';

type Filter = (typeof ADMIN_ROADMAP_FILTERS)[number];
/** The filter's choices, in the reader's language (called while rendering). */
const filterLabel = (filter: Filter): string => (filter === 'published' ? t('Published') : t('Rejected'));

/** /admin/roadmap-management (spec §2 "Admin Roadmap Management"). */
export function AdminRoadmapManagementPage() {
  const [filter, setFilter] = useState<Filter>('published');
  const { data, isLoading, isError } = useGetAdminRoadmapsQuery(filter, { refetchOnMountOrArgChange: true });

  return (
    <section
      aria-labelledby="roadmap-management-title"
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="roadmap-management-title" className="text-2xl font-bold tracking-tight">
          {t('Roadmap Managment')}
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <RoadmapRequestsDialog />
          <Select value={filter} onValueChange={(value) => setFilter(value as Filter)}>
            <SelectTrigger aria-label={t('Status')} className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ADMIN_ROADMAP_FILTERS.map((value) => (
                <SelectItem key={value} value={value}>
                  {filterLabel(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {isLoading ? (
        <p aria-busy="true">{translate(roadmapMessages.loading)}</p>
      ) : isError ? (
        <p role="alert">{translate(roadmapMessages.loadError)}</p>
      ) : (data?.roadmaps.length ?? 0) === 0 ? (
        <p className="text-muted-foreground">
          {filter === 'published' ? t('No published roadmaps.') : t('No rejected roadmaps.')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data?.roadmaps.map((roadmap) => (
            <li key={roadmap.id} className="flex">
              <ManagedRoadmapCard roadmap={roadmap} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ManagedRoadmapCard({ roadmap }: { roadmap: RoadmapSummary }) {
  const [listUnlist, { isLoading }] = useListUnlistRoadmapMutation();
  async function toggle() {
    const result = await listUnlist({ roadmapId: roadmap.id });
    if ('error' in result)
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: t('There was a problem with your request.'),
      });
  }
  return (
    <Card asArticle aria-labelledby={`managed-${roadmap.id}`} className="w-full">
      <RoadmapCardHeader roadmap={roadmap} titleId={`managed-${roadmap.id}`} />
      <CardContent className="grid gap-2 text-sm text-muted-foreground">
        <p>{t('by {name} · {count} topics', { name: roadmap.author.name, count: roadmap.nodeCount })}</p>
        {roadmap.status === 'rejected' && roadmap.adminFeedback && (
          <p className="text-foreground">{t('Feedback: {feedback}', { feedback: roadmap.adminFeedback })}</p>
        )}
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={`/roadmap/${roadmap.id}`} target="_blank" rel="noopener noreferrer">
            {t('View Roadmap')}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">{t('(opens in a new tab)')}</span>
          </a>
        </Button>
        {roadmap.status === 'published' && (
          <Button
            type="button"
            size="sm"
            variant={roadmap.isActive ? 'secondary' : 'default'}
            disabled={isLoading}
            onClick={() => void toggle()}
          >
            {roadmap.isActive ? t('Unlist') : t('List')}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
