import type { RoadmapSummary } from '@skillroute/shared/roadmap-api';
import { Badge } from '@/components/ui/badge';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { t } from '@/lib/i18n';

/**
 * Where a roadmap stands, in the spec's words for its statuses (drafted, published, rejected), the same on
 * every page that shows one; the second half says what the status alone does not.
 */
export function roadmapStatusLabel(
  roadmap: Pick<RoadmapSummary, 'status' | 'isActive' | 'submittedAt'>,
): string {
  if (roadmap.status === 'published') return roadmap.isActive ? t('Published') : t('Published, unlisted');
  if (roadmap.status === 'rejected') return t('Rejected');
  return roadmap.submittedAt ? t('Drafted, in review') : t('Drafted');
}

export function RoadmapStatusBadge({
  roadmap,
}: {
  roadmap: Pick<RoadmapSummary, 'status' | 'isActive' | 'submittedAt'>;
}) {
  const variant =
    roadmap.status === 'rejected' ? 'destructive' : roadmap.status === 'published' ? 'default' : 'secondary';
  return <Badge variant={variant}>{roadmapStatusLabel(roadmap)}</Badge>;
}

/** A roadmap card's header as authors and admins see it: title (the card's name), status, description. */
export function RoadmapCardHeader({ roadmap, titleId }: { roadmap: RoadmapSummary; titleId: string }) {
  return (
    <CardHeader className="gap-2">
      <div className="flex items-start justify-between gap-2">
        <CardTitle as="h2" id={titleId} className="text-lg [overflow-wrap:anywhere]">
          {roadmap.title}
        </CardTitle>
        <RoadmapStatusBadge roadmap={roadmap} />
      </div>
      <CardDescription>{roadmap.description}</CardDescription>
    </CardHeader>
  );
}
