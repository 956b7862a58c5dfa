import type { ProgressEntry, Roadmap } from '@skillroute/shared/roadmap-api';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { NodeBox, NodeLabel } from '../../graph/node-box';
import { edgePaths, nodesInView } from '../../graph/picture';
import type { Viewport } from '../../graph/reading-view';
import { statusOf } from './outline';

/** React Flow's dot pattern (its Background, 16 px apart), so the canvas does not change when React Flow takes over. */
const PATTERN_GAP = 16;

/**
 * The roadmap's first picture: the topics in view at the reading viewport, and their edges, drawn as React Flow
 * draws them but without it (the graph library's module and first render were most of the page's blocking time
 * on a phone). RoadmapCanvas replaces it with React Flow once the reader reaches for the graph. A tap on a topic
 * opens it here already. Hidden from screen readers: the outline beside it lists the same topics, and the graph
 * itself is the next Tab stop.
 */
export function RoadmapPicture({
  roadmap,
  progress,
  noted,
  viewport,
  view,
  onOpen,
}: {
  roadmap: Roadmap;
  progress: ProgressEntry[] | undefined;
  noted?: ReadonlySet<string>;
  viewport: Viewport;
  view: { width: number; height: number };
  onOpen: (nodeId: string) => void;
}) {
  const drawn = useMemo(() => nodesInView(roadmap.nodes, viewport, view), [roadmap.nodes, viewport, view]);
  // A label on two lines makes its node taller: edges leave from the bottom the browser drew, measured before paint.
  const boxes = useRef(new Map<string, HTMLElement>());
  const [heights, setHeights] = useState<Record<string, number>>({});
  useLayoutEffect(() => {
    setHeights(Object.fromEntries([...boxes.current].map(([id, element]) => [id, element.offsetHeight])));
  }, [drawn]);
  const edges = useMemo(
    () => edgePaths(roadmap.nodes, roadmap.edges, new Set(drawn.map((node) => node.id)), heights),
    [roadmap, drawn, heights],
  );
  const gap = PATTERN_GAP * viewport.zoom;

  return (
    <div
      aria-hidden="true"
      className="relative size-full overflow-hidden bg-background"
      style={{
        backgroundImage: `radial-gradient(circle, var(--border) ${viewport.zoom / 2}px, transparent ${viewport.zoom / 2}px)`,
        backgroundSize: `${gap}px ${gap}px`,
        backgroundPosition: `${viewport.x % gap}px ${viewport.y % gap}px`,
      }}
      data-roadmap-picture=""
    >
      <div
        className="absolute top-0 left-0 origin-top-left"
        style={{ transform: `translate(${viewport.x}px, ${viewport.y}px) scale(${viewport.zoom})` }}
      >
        <svg className="absolute top-0 left-0 overflow-visible" width="1" height="1">
          {edges.map((edge) => (
            <path key={edge.id} d={edge.path} fill="none" stroke="var(--muted-foreground)" strokeWidth={1} />
          ))}
        </svg>
        {drawn.map((node) => (
          <div
            key={node.id}
            data-id={node.id}
            ref={(element) => {
              if (element) boxes.current.set(node.id, element);
              else boxes.current.delete(node.id);
            }}
            className="absolute top-0 left-0 cursor-pointer select-none"
            style={{ transform: `translate(${node.position.x}px, ${node.position.y}px)` }}
            onClick={() => onOpen(node.id)}
          >
            <NodeBox
              background={node.background}
              type={node.type}
              progress={progress ? statusOf(progress, node.id) : undefined}
              hasNote={noted?.has(node.id)}
            >
              <NodeLabel>{node.data.label}</NodeLabel>
            </NodeBox>
          </div>
        ))}
      </div>
    </div>
  );
}
