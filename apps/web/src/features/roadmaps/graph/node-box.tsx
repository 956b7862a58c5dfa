import type { NodeType, ProgressStatus } from '@skillroute/shared/roadmap-rules';
import { DEFAULT_NODE_FONT_PX, DEFAULT_NODE_WIDTH } from '@skillroute/shared/roadmap-rules';
import { topicNoteMessages } from '@skillroute/shared/topic-note-rules';
import { NotebookPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** Text that stays readable on the node's colour (the dark B colour needs white text). */
export function textColourOn(background: string): string {
  const hex = background.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return luminance < 0.5 ? '#ffffff' : '#111827';
}

const progressRing = {
  done: 'ring-2 ring-green-600 line-through decoration-2',
  in_progress: 'ring-2 ring-sky-600',
  skipped: 'opacity-50 line-through',
  pending: '',
} as const;

/**
 * A topic or subtopic as drawn: the spec's default width and font (§3), the node's colour, and a ring for the
 * reader's progress. React Flow's node (roadmap-node.tsx) and the first picture (roadmap-picture.tsx) both
 * draw it, so the picture React Flow replaces looks the same.
 */
export function NodeBox(props: {
  background: string;
  type: NodeType | undefined;
  progress?: ProgressStatus;
  selected?: boolean;
  /** The reader has a note on it: a small mark in its corner (the outline says so in words). */
  hasNote?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'relative rounded-md border border-neutral-900/60 px-2 py-1.5 text-center leading-tight shadow-sm',
        props.type === 'subtopic' && 'rounded-full',
        props.selected && 'outline-2 outline-offset-2 outline-sky-500',
        props.progress && progressRing[props.progress],
      )}
      style={{
        width: DEFAULT_NODE_WIDTH,
        fontSize: DEFAULT_NODE_FONT_PX,
        background: props.background,
        color: textColourOn(props.background),
      }}
    >
      {props.children}
      {props.hasNote && (
        <NotebookPen
          className="absolute -top-1.5 -right-1.5 size-3 rounded-sm bg-background p-px text-foreground shadow-sm"
          role="img"
          aria-label={translate(topicNoteMessages.hasNote)}
        />
      )}
    </div>
  );
}

/** The label inside a node box. */
export function NodeLabel({ children }: { children: string }) {
  return <span className="break-words font-medium">{children}</span>;
}
