import type { NodeDetail, RoadmapNode } from '@skillroute/shared/roadmap-api';
import { isHttpUrl, type ProgressStatus } from '@skillroute/shared/roadmap-rules';
import { recommendedByText } from '@skillroute/shared/learning-texts';
import { ExternalLink, Sparkles, UserSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { t, translate } from '@/lib/i18n';
import { progressLabel } from './outline';

/** The marks a reader can set, in the reader's language (called while rendering). */
const marks = (): Array<{ status: ProgressStatus; label: string }> => [
  { status: 'done', label: t('Done') },
  { status: 'in_progress', label: t('In progress') },
  { status: 'skipped', label: t('Skipped') },
  { status: 'pending', label: t('Reset') },
];

interface TopicDrawerProps {
  node: RoadmapNode | undefined;
  detail: NodeDetail | undefined;
  /** Undefined for a visitor who is not signed in: they are invited to sign in instead. */
  status: ProgressStatus | undefined;
  onMark: (status: ProgressStatus) => void;
  onClose: () => void;
  /** The signed-in reader's own note on the topic (TopicNoteEditor), below their progress. */
  notes?: ReactNode;
  /** The roadmap's id: "Find a mentor for …" carries it and the topic on to the booking. */
  roadmapId?: string;
  /** What the reader's mentors said when recommending this topic (DESIGN.md §4b). */
  recommendations?: ReadonlyArray<{ mentorName: string; note: string }>;
}

/**
 * The mentor listing searched for a topic's label (the listing reads `search` from its address), carrying the
 * roadmap and the topic so the booking panel can offer a session about them.
 */
const mentorSearchPath = (label: string, roadmapId?: string, nodeId?: string): string => {
  const carried =
    roadmapId && nodeId
      ? `&roadmap=${encodeURIComponent(roadmapId)}&topic=${encodeURIComponent(nodeId)}`
      : '';
  return `/explore-mentors?search=${encodeURIComponent(label.trim())}${carried}`;
};

/** A topic's notes and links, and the reader's mark on it. Everything the author wrote is shown as text. */
export function TopicDrawer({
  node,
  detail,
  status,
  onMark,
  onClose,
  roadmapId,
  recommendations = [],
  notes,
}: TopicDrawerProps) {
  return (
    <Sheet open={node !== undefined} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-md">
        {node && (
          <>
            <SheetHeader>
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {node.type === 'topic' ? t('Topic') : t('Subtopic')}
              </p>
              <SheetTitle className="text-xl [overflow-wrap:anywhere]">
                {detail?.title || node.data.label}
              </SheetTitle>
              <SheetDescription className="sr-only">
                {node.type === 'topic'
                  ? t('Notes, links and your progress for this topic.')
                  : t('Notes, links and your progress for this subtopic.')}
              </SheetDescription>
            </SheetHeader>
            <div className="grid gap-6 px-4 pb-6">
              {recommendations.map((recommendation) => (
                <div
                  key={recommendation.mentorName}
                  className="grid gap-1 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm"
                >
                  <p className="inline-flex items-center gap-1.5 font-medium text-primary">
                    <Sparkles className="size-4" aria-hidden="true" />
                    {translate(recommendedByText(recommendation.mentorName))}
                  </p>
                  {recommendation.note && (
                    <p className="whitespace-pre-line [overflow-wrap:anywhere]">{recommendation.note}</p>
                  )}
                </div>
              ))}
              {detail ? (
                <p className="whitespace-pre-line [overflow-wrap:anywhere]">{detail.description}</p>
              ) : (
                <p className="text-muted-foreground">
                  {node.type === 'topic'
                    ? t('The author has not written notes for this topic yet.')
                    : t('The author has not written notes for this subtopic yet.')}
                </p>
              )}
              {detail && detail.links.length > 0 && (
                <div className="grid gap-2">
                  <h3 className="font-semibold">{t('Links')}</h3>
                  <ul className="grid gap-2">
                    {detail.links.map((link) => (
                      <li key={`${link.title}-${link.url}`}>
                        {isHttpUrl(link.url) ? (
                          <a
                            href={link.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                          >
                            {link.title}
                            <ExternalLink className="size-3.5" aria-hidden="true" />
                          </a>
                        ) : (
                          <span>
                            {link.title} ({link.url})
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <Link
                to={mentorSearchPath(node.data.label, roadmapId, node.id)}
                className="inline-flex items-center gap-2 justify-self-start rounded-md font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 [overflow-wrap:anywhere]"
              >
                <UserSearch className="size-4 shrink-0" aria-hidden="true" />
                {t('Find a mentor for {topic}', { topic: node.data.label })}
              </Link>
              {status === undefined ? (
                <p className="rounded-md border p-3 text-sm">
                  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                    {t('Sign in')}
                  </Link>{' '}
                  {t('to mark topics done and keep your progress on every device.')}
                </p>
              ) : (
                <div className="grid gap-2">
                  <h3 className="font-semibold">{t('Your progress')}</h3>
                  <p className="text-sm text-muted-foreground">
                    {t('Now: {status}', { status: progressLabel(status) })}
                  </p>
                  <div className="flex flex-wrap gap-2" role="group" aria-label={t('Mark this topic')}>
                    {marks().map((mark) => (
                      <Button
                        key={mark.status}
                        type="button"
                        size="sm"
                        variant={status === mark.status ? 'default' : 'outline'}
                        aria-pressed={status === mark.status}
                        disabled={mark.status === 'pending' && status === 'pending'}
                        onClick={() => onMark(mark.status)}
                      >
                        {mark.label}
                      </Button>
                    ))}
                  </div>
                </div>
              )}
              {notes}
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
