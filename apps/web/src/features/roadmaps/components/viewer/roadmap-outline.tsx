import { recommendedByText } from '@skillroute/shared/learning-texts';
import type { ProgressEntry } from '@skillroute/shared/roadmap-api';
import { topicNoteMessages } from '@skillroute/shared/topic-note-rules';
import { Check, CircleDashed, CircleDot, NotebookPen, SkipForward, Sparkles } from 'lucide-react';
import { memo } from 'react';
import { t, translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { progressLabel, statusOf, type OutlineTopic } from './outline';

const icons = { done: Check, in_progress: CircleDot, skipped: SkipForward, pending: CircleDashed } as const;

/** A button's height on one line (text-sm's 20 px line and py-1), and the gap between subtopics (gap-0.5). */
const ROW_PX = 28;
const SUBTOPIC_GAP_PX = 2;

/** A topic's group as tall as it will most likely be drawn: its button, then its subtopics below (mt-1). */
function estimatedHeight(subtopics: number): number {
  return ROW_PX + (subtopics > 0 ? 4 + subtopics * ROW_PX + (subtopics - 1) * SUBTOPIC_GAP_PX : 0);
}

/** Rows (topics and subtopics) drawn before the page's first picture: more than a tall screen's outline shows. */
const FIRST_ROWS = 60;

/** How many of the outline's first topics hold its first `rows` rows, each topic with all its subtopics. */
export function topicsInFirstRows(outline: readonly OutlineTopic[], rows = FIRST_ROWS): number {
  let count = 0;
  let seen = 0;
  while (count < outline.length && seen < rows) {
    seen += 1 + outline[count]!.subtopics.length;
    count += 1;
  }
  return count;
}

/**
 * Every topic and subtopic in reading order, as buttons: the keyboard and screen-reader way through a
 * roadmap (a graph alone is neither). Memoised: opening a topic must not redraw a thousand buttons.
 *
 * Every button is in the page (find in page, the accessibility tree and Tab reach them all), but the browser lays
 * out and paints only the topics' groups near the view (`content-visibility: auto`): the style and layout of a
 * thousand buttons were most of the time before a 1,000-topic roadmap's first picture. A group out of view counts
 * as its estimated height until it has been drawn once, then as its drawn height. Each group's 4 px of padding,
 * taken back by its margin, keeps a focused button's ring inside the group's paint (which the browser clips).
 * Until `complete`, only the first rows are drawn (rendering a thousand buttons was most of what remained): the page
 * completes the outline once its first picture, the graph's included, has been painted.
 */
export const RoadmapOutline = memo(function RoadmapOutline({
  outline,
  complete,
  progress,
  noted,
  onOpen,
  recommendedBy,
}: {
  outline: OutlineTopic[];
  /** False: the first rows only (FIRST_ROWS), before the page's first picture. */
  complete: boolean;
  progress: ProgressEntry[] | undefined;
  /** The topics the signed-in reader has a note on (undefined for a visitor). */
  noted?: ReadonlySet<string>;
  onOpen: (nodeId: string) => void;
  /** Topic id → the name of the mentor who recommended it to the reader (DESIGN.md §4b). */
  recommendedBy?: ReadonlyMap<string, string>;
}) {
  const shown = complete ? outline : outline.slice(0, topicsInFirstRows(outline));
  return (
    <nav aria-label={t('Roadmap outline')} className="text-sm">
      <ol className="grid gap-3">
        {shown.map(({ node, subtopics }, index) => (
          <li
            key={node.id}
            className="-m-1 p-1 [content-visibility:auto]"
            style={{ containIntrinsicBlockSize: `auto ${estimatedHeight(subtopics.length)}px` }}
          >
            <OutlineButton
              label={`${index + 1}. ${node.data.label}`}
              status={progress ? statusOf(progress, node.id) : undefined}
              hasNote={noted?.has(node.id)}
              strong
              recommendedBy={recommendedBy?.get(node.id)}
              onClick={() => onOpen(node.id)}
            />
            {subtopics.length > 0 && (
              <ul className="mt-1 ml-4 grid gap-0.5 border-l pl-2">
                {subtopics.map((sub) => (
                  <li key={sub.id}>
                    <OutlineButton
                      label={sub.data.label}
                      status={progress ? statusOf(progress, sub.id) : undefined}
                      hasNote={noted?.has(sub.id)}
                      recommendedBy={recommendedBy?.get(sub.id)}
                      onClick={() => onOpen(sub.id)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
});

function OutlineButton({
  label,
  status,
  hasNote = false,
  strong = false,
  recommendedBy,
  onClick,
}: {
  label: string;
  status: keyof typeof icons | undefined;
  hasNote?: boolean;
  strong?: boolean;
  recommendedBy?: string | undefined;
  onClick: () => void;
}) {
  const Icon = status ? icons[status] : undefined;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'flex w-full items-start gap-2 rounded-md px-2 py-1 text-left [overflow-wrap:anywhere] outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
        strong && 'font-semibold',
        status === 'done' && 'text-muted-foreground line-through',
      )}
    >
      {Icon && (
        <Icon
          className={cn('mt-0.5 size-4 shrink-0', status === 'done' && 'text-green-600')}
          aria-hidden="true"
        />
      )}
      {/* The label as the button's own text: a thousand buttons are half the elements they were with it wrapped. */}
      {recommendedBy === undefined ? (
        label
      ) : (
        <span className="grid">
          <span>{label}</span>
          <span className="inline-flex items-center gap-1 text-xs font-normal text-primary">
            <Sparkles className="size-3 shrink-0" aria-hidden="true" />
            {translate(recommendedByText(recommendedBy))}
          </span>
        </span>
      )}
      {status && status !== 'pending' && <span className="sr-only">({progressLabel(status)})</span>}
      {hasNote && (
        <>
          <NotebookPen className="mt-0.5 ml-auto size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">, {translate(topicNoteMessages.hasNote)}</span>
        </>
      )}
    </button>
  );
}
