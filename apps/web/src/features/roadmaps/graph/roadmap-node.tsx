import { Handle, Position, type NodeProps } from '@xyflow/react';
import { DEFAULT_NODE_FONT_PX, DEFAULT_NODE_WIDTH } from '@skillroute/shared/roadmap-rules';
import { cn } from '@/lib/utils';
import type { RoadmapFlowNode } from './flow-graph';

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
 * A topic or subtopic as drawn on the canvas: the spec's default width and font (§3), the node's colour,
 * and a ring for the reader's progress. Edges arrive on top and leave at the bottom, as a roadmap reads.
 */
export function RoadmapNodeView({ data, type, selected }: NodeProps<RoadmapFlowNode>) {
  return (
    <div
      className={cn(
        'rounded-md border border-neutral-900/60 px-2 py-1.5 text-center leading-tight shadow-sm',
        type === 'subtopic' && 'rounded-full',
        selected && 'outline-2 outline-offset-2 outline-sky-500',
        data.progress && progressRing[data.progress],
      )}
      style={{ width: DEFAULT_NODE_WIDTH, fontSize: DEFAULT_NODE_FONT_PX, background: data.background, color: textColourOn(data.background) }}
    >
      <Handle type="target" position={Position.Top} />
      <span className="break-words font-medium">{data.label}</span>
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

/** Node renderers by server type, defined once outside components so React Flow never re-mounts them. */
export const roadmapNodeTypes = { topic: RoadmapNodeView, subtopic: RoadmapNodeView };
