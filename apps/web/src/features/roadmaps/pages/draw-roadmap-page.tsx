import { roadmapEditRefusal } from '@skillroute/shared/roadmap-rules';
import { ReactFlowProvider } from '@xyflow/react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { selectCurrentUser } from '@/features/auth/api';
import { errorStatus } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { useAppSelector } from '@/lib/store-hooks';
import { useGetNodeDetailsQuery, useGetRoadmapQuery } from '../api';
import { RoadmapEditor } from '../components/editor/roadmap-editor';
import type { EditorSnapshot } from '../components/editor/use-editor-graph';
import { toFlowEdges, toFlowNodes } from '../graph/flow-graph';

/** /draw-roadmap/{id}: the full-screen editor, for the author of a drafted or rejected roadmap. */
export function DrawRoadmapPage() {
  const { id = '' } = useParams();
  const userId = useAppSelector(selectCurrentUser)?.id;
  // Always fresh: an author coming back to edit must start from what the server has.
  const roadmapQuery = useGetRoadmapQuery(id, { refetchOnMountOrArgChange: true });
  const detailsQuery = useGetNodeDetailsQuery(id, {
    refetchOnMountOrArgChange: true,
    skip: roadmapQuery.data === undefined,
  });
  const roadmap = roadmapQuery.data;

  const initial = useMemo<EditorSnapshot | undefined>(() => {
    if (!roadmap || !detailsQuery.data) return undefined;
    const content = Object.fromEntries(detailsQuery.data.map(({ nodeId, ...detail }) => [nodeId, detail]));
    return { nodes: toFlowNodes(roadmap.nodes), edges: toFlowEdges(roadmap.edges), content };
  }, [roadmap, detailsQuery.data]);

  if (roadmapQuery.isLoading || (roadmap && detailsQuery.isLoading)) {
    return (
      <div
        className="grid h-dvh gap-4 p-6 md:grid-cols-[16rem_1fr]"
        aria-busy="true"
        aria-label={t('Loading the editor')}
      >
        <Skeleton className="h-full" />
        <Skeleton className="h-full" />
      </div>
    );
  }
  if (!roadmap || (roadmap && detailsQuery.isError)) {
    const missing = [400, 404].includes(errorStatus(roadmapQuery.error) ?? 0);
    return (
      <EditorMessage
        title={missing ? t('This roadmap does not exist') : t('The roadmap could not be loaded')}
        text={
          missing
            ? t('The link may be wrong, or the roadmap was deleted.')
            : t('Please try again in a moment.')
        }
      />
    );
  }
  const refusal = roadmapEditRefusal({ authorId: roadmap.author.id, status: roadmap.status }, userId);
  if (refusal !== undefined) {
    const text =
      refusal === 'notYours'
        ? t('Only its author can edit a roadmap.')
        : t('A published roadmap cannot be edited.');
    return <EditorMessage title={t("This roadmap can't be edited")} text={text} />;
  }
  if (!initial) return null;
  return (
    <ReactFlowProvider>
      <RoadmapEditor key={roadmap.id} roadmap={roadmap} initial={initial} />
    </ReactFlowProvider>
  );
}

function EditorMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Link to="/profile/roadmaps" className="font-medium text-primary underline-offset-4 hover:underline">
        {t('Go to my roadmaps')}
      </Link>
    </div>
  );
}
