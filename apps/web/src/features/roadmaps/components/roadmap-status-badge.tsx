import type { RoadmapSummary } from '@skillroute/shared/roadmaps';
import { Badge } from '@/components/ui/badge';

/** Where a roadmap stands, in the words its author and the admins read. */
export function roadmapStatusLabel(roadmap: Pick<RoadmapSummary, 'status' | 'isActive' | 'submittedAt'>): string {
  if (roadmap.status === 'published') return roadmap.isActive ? 'Published' : 'Published, unlisted';
  if (roadmap.status === 'rejected') return 'Rejected';
  return roadmap.submittedAt ? 'In review' : 'Draft';
}

export function RoadmapStatusBadge({ roadmap }: { roadmap: Pick<RoadmapSummary, 'status' | 'isActive' | 'submittedAt'> }) {
  const variant = roadmap.status === 'rejected' ? 'destructive' : roadmap.status === 'published' ? 'default' : 'secondary';
  return <Badge variant={variant}>{roadmapStatusLabel(roadmap)}</Badge>;
}
