import { FAILURE_TITLE } from '@skillroute/shared/errors';
import type { ProgressEntry } from '@skillroute/shared/roadmap-api';
import type { ProgressStatus } from '@skillroute/shared/roadmap-rules';
import type { TopicNote } from '@skillroute/shared/topic-notes';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ComponentProps } from 'react';
import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { selectCurrentUser } from '@/features/auth/api';
import { errorStatus } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { toast } from '@/lib/use-toast';
import { useAppSelector } from '@/lib/store-hooks';
import {
  useGetNodeDetailsQuery,
  useGetProgressQuery,
  useGetRoadmapRecommendationsQuery,
  useGetRoadmapQuery,
  useGetTopicNotesQuery,
  useSetProgressMutation,
} from '../api';
import { roadmapStatusLabel } from '../components/roadmap-status-badge';
import { buildOutline, statusOf, summarizeProgress } from '../components/viewer/outline';
import { RoadmapCanvas } from '../components/viewer/roadmap-canvas';
import { RoadmapOutline } from '../components/viewer/roadmap-outline';
import { openNodeOnKey } from '../graph/node-keys';

/**
 * The graph library is the largest dependency (about 55 kB brotli, and a long first render on a phone): the title,
 * the outline and the drawer show without it. The canvas first draws a picture of the graph, and loads React Flow
 * only once the reader reaches for it (RoadmapCanvas).
 */
// The drawer (Radix Dialog, focus trap, scroll lock: about 11 kB compressed) is needed only once a topic is opened:
// it loads after the first picture, beside the graph.
const TopicDrawer = lazy(async () => ({
  default: (await import('../components/viewer/topic-drawer')).TopicDrawer,
}));
// The reader's note field (a textarea and its saving) comes with the drawer, not before.
const TopicNoteEditor = lazy(async () => ({
  default: (await import('../components/viewer/topic-note-editor')).TopicNoteEditor,
}));
// Only for a reader with notes on topics since removed: most readers never load it.
const RemovedTopicNotes = lazy(async () => ({
  default: (await import('../components/viewer/removed-topic-notes')).RemovedTopicNotes,
}));

/**
 * The graph's picture joins in a transition once the rest of the page has been painted, so the title and outline
 * never wait for it. Its code (no React Flow) comes with the page's, 1 kB more of it compressed: as a chunk of its own
 * (2.7 kB), asked for after that paint, it was one more round trip, beside the drawer's, before the picture. React Flow,
 * whose module and first render were the page's long tasks on a phone's CPU (bench/RESULTS.md, "Lighthouse, third
 * pass"), follows only when the reader reaches for the graph (decision 040).
 */
function DeferredCanvas({ shown, ...props }: ComponentProps<typeof RoadmapCanvas> & { shown: boolean }) {
  return shown ? <RoadmapCanvas {...props} /> : <Skeleton className="size-full rounded-none" />;
}

/** One empty list for every render, so the memoised graph and outline see no change. */
const NO_PROGRESS: ProgressEntry[] = [];
const NO_NOTES: TopicNote[] = [];

/** /roadmap/{id}: a published roadmap for everyone (a draft for its author and admins), with progress. */
export function RoadmapPage() {
  const { id = '' } = useParams();
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const roadmapQuery = useGetRoadmapQuery(id);
  // The topics' content (for the drawer) and the graph wait until the title and outline are on screen.
  const painted = useAfterPaint(roadmapQuery.data !== undefined);
  // The outline's rows beyond the first screenful follow the graph's picture.
  const pictured = useAfterPaint(painted);
  const { data: details } = useGetNodeDetailsQuery(id, { skip: !painted || roadmapQuery.data === undefined });
  const { data: progressData } = useGetProgressQuery(id, {
    skip: !signedIn || roadmapQuery.data === undefined,
  });
  const { data: notesData } = useGetTopicNotesQuery(id, {
    skip: !signedIn || roadmapQuery.data === undefined,
  });
  const [setProgress] = useSetProgressMutation();
  const { data: recommendationData } = useGetRoadmapRecommendationsQuery(id, {
    skip: !signedIn || roadmapQuery.data === undefined,
  });
  const recommendedBy = useMemo(
    () =>
      new Map(
        (recommendationData?.recommendations ?? []).map((row) => [row.nodeId, row.mentor.name] as const),
      ),
    [recommendationData],
  );
  const [openId, setOpenId] = useState<string | undefined>();
  const roadmap = roadmapQuery.data;
  const outline = useMemo(() => (roadmap ? buildOutline(roadmap.nodes, roadmap.edges) : []), [roadmap]);
  const progress = signedIn ? (progressData?.progress ?? NO_PROGRESS) : undefined;
  // The reader's notes: marked in the outline and on the graph, and apart when their topic has been removed.
  const notes = signedIn ? (notesData?.notes ?? NO_NOTES) : undefined;
  const noted = useMemo(() => (notes ? new Set(notes.map((note) => note.nodeId)) : undefined), [notes]);
  const removedNotes = useMemo(() => {
    const present = new Set(roadmap?.nodes.map((node) => node.id));
    return (notes ?? NO_NOTES).filter((note) => !present.has(note.nodeId));
  }, [notes, roadmap]);

  if (roadmapQuery.isLoading) {
    return (
      <div
        className="mx-auto grid w-full max-w-7xl gap-4 px-4 py-8 sm:px-6"
        aria-busy="true"
        aria-label={t('Loading the roadmap')}
      >
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-5 w-96 max-w-full" />
        <Skeleton className="h-[60dvh]" />
      </div>
    );
  }
  if (!roadmap) {
    const missing = errorStatus(roadmapQuery.error) === 404 || errorStatus(roadmapQuery.error) === 400;
    return (
      <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {missing ? t('This roadmap is not available') : t('The roadmap could not be loaded')}
        </h1>
        <p className="text-muted-foreground">
          {missing
            ? t('It may have been unlisted, or the link is wrong.')
            : t('Please try again in a moment.')}
        </p>
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('Back to the home page')}
        </Link>
      </div>
    );
  }

  const openNode = roadmap.nodes.find((node) => node.id === openId);
  const summary = summarizeProgress(roadmap.nodes, progress ?? []);
  const mark = async (status: ProgressStatus) => {
    if (!openNode) return;
    const result = await setProgress({ roadmapId: roadmap.id, nodeId: openNode.id, status });
    if ('error' in result)
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: t('Your progress could not be saved. Please try again.'),
      });
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-4 py-6 sm:px-6">
      <div className="grid gap-2">
        <Link
          to="/"
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('All roadmaps')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{roadmap.title}</h1>
        <p className="max-w-3xl text-muted-foreground">{roadmap.description}</p>
        <p className="text-sm text-muted-foreground">
          {t('By {name} · {count} topics', { name: roadmap.author.name, count: roadmap.nodes.length })}
          {roadmap.status !== 'published' && ` · ${roadmapStatusLabel(roadmap)}`}
        </p>
      </div>

      {progress ? (
        <div className="grid gap-2 rounded-lg border p-4" aria-live="polite">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold">
              {t('{done} of {total} done', { done: summary.done, total: summary.total })}
            </p>
            <p className="text-sm text-muted-foreground">
              {t('{inProgress} in progress · {skipped} skipped · {percent}% through', {
                inProgress: summary.inProgress,
                skipped: summary.skipped,
                percent: summary.percent,
              })}
            </p>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={t('Progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={summary.percent}
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${summary.percent}%` }} />
          </div>
        </div>
      ) : (
        <p className="rounded-lg border p-4 text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('Sign in')}
          </Link>{' '}
          {t('to mark topics done and see your progress.')}
        </p>
      )}

      <div className="grid flex-1 gap-4 lg:grid-cols-[18rem_1fr]">
        <aside className="order-2 max-h-[70dvh] overflow-y-auto rounded-lg border p-3 lg:order-1">
          <h2 className="mb-2 px-2 font-semibold">{t('Outline')}</h2>
          <RoadmapOutline
            outline={outline}
            complete={pictured}
            progress={progress}
            noted={noted}
            onOpen={setOpenId}
            recommendedBy={recommendedBy}
          />
        </aside>
        <div
          className="order-1 h-[70dvh] min-h-96 overflow-hidden rounded-lg border lg:order-2"
          onKeyDown={openNodeOnKey(setOpenId)}
        >
          <DeferredCanvas
            shown={painted}
            roadmap={roadmap}
            progress={progress}
            noted={noted}
            onOpen={setOpenId}
          />
        </div>
      </div>

      {removedNotes.length > 0 && (
        <Suspense fallback={null}>
          <RemovedTopicNotes roadmapId={roadmap.id} notes={removedNotes} />
        </Suspense>
      )}

      {(painted || openNode) && (
        <Suspense fallback={null}>
          <TopicDrawer
            node={openNode}
            detail={details?.find((detail) => detail.nodeId === openId)}
            status={progress && openNode ? statusOf(progress, openNode.id) : undefined}
            onMark={(status) => void mark(status)}
            onClose={() => setOpenId(undefined)}
            notes={
              // Only once the reader's notes are in: the editor starts from the saved text.
              openNode && signedIn && notesData ? (
                <TopicNoteEditor
                  key={openNode.id}
                  roadmapId={roadmap.id}
                  nodeId={openNode.id}
                  initialText={notesData.notes.find((note) => note.nodeId === openNode.id)?.text ?? ''}
                />
              ) : undefined
            }
            roadmapId={roadmap.id}
            recommendations={(recommendationData?.recommendations ?? [])
              .filter((row) => row.nodeId === openId)
              .map((row) => ({ mentorName: row.mentor.name, note: row.note }))}
          />
        </Suspense>
      )}
    </div>
  );
}
