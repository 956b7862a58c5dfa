import type { ProgressEntry, Roadmap } from '@skillroute/shared/roadmap-api';
import { lazy, memo, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { readingViewport, type Viewport } from '../../graph/reading-view';
import { RoadmapPicture } from './roadmap-picture';

const ReadingFlow = lazy(async () => ({ default: (await import('./reading-flow')).ReadingFlow }));

/**
 * The roadmap drawn read-only, opening at its top with labels readable. First as a picture (RoadmapPicture), which
 * costs the page next to nothing; React Flow's chunk loads and takes over, at the same viewport, once the reader
 * reaches for the graph: the pointer over it, a touch, the wheel, or the keyboard's focus. Until then the picture
 * stands in, and a tap on one of its topics opens it.
 */
export const RoadmapCanvas = memo(function RoadmapCanvas(props: {
  roadmap: Roadmap;
  progress: ProgressEntry[] | undefined;
  /** The topics the reader has a note on, marked on the graph. */
  noted?: ReadonlySet<string>;
  onOpen: (nodeId: string) => void;
}) {
  // The canvas's size, read before the first picture, so the graph is drawn once, where the reader starts.
  const box = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ view: { width: number; height: number }; viewport: Viewport } | null>(
    null,
  );
  const [live, setLive] = useState(false);
  // The picture stays under React Flow until React Flow has drawn: a tap that woke the graph lands on the picture.
  const [flowReady, setFlowReady] = useState(false);
  // Focus that woke the graph moves on to its first topic once React Flow has drawn it.
  const focusOnReady = useRef(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const view = { width: element.clientWidth, height: element.clientHeight };
    setStart({ view, viewport: readingViewport(props.roadmap.nodes, view) });
  }, [props.roadmap.nodes]);
  const wake = () => setLive(true);
  const onReady = () => {
    setFlowReady(true);
    if (!focusOnReady.current) return;
    focusOnReady.current = false;
    // React Flow renders its nodes a frame after it starts (it measures the pane first).
    requestAnimationFrame(() => box.current?.querySelector<HTMLElement>('.react-flow__node')?.focus());
  };

  return (
    <div
      ref={box}
      className="relative size-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      // A Tab stop only until React Flow is there; its nodes are the stops then.
      tabIndex={live ? -1 : 0}
      role={live ? undefined : 'group'}
      aria-label={live ? undefined : t('{title}: the roadmap as a graph', { title: props.roadmap.title })}
      // Moves too: a pointer already over the page where the picture appears gets no pointerenter.
      onPointerEnter={wake}
      onPointerMove={live ? undefined : wake}
      onPointerDown={wake}
      onWheel={wake}
      onFocus={(event) => {
        if (live || event.target !== event.currentTarget) return;
        focusOnReady.current = true;
        wake();
      }}
    >
      {start && !flowReady && <RoadmapPicture {...props} view={start.view} viewport={start.viewport} />}
      {start && live && (
        // Not in the way of the tap that woke it: that lands on the picture until React Flow has drawn.
        <div className={cn('absolute inset-0', !flowReady && 'pointer-events-none')}>
          <Suspense fallback={null}>
            <ReadingFlow {...props} viewport={start.viewport} onReady={onReady} />
          </Suspense>
        </div>
      )}
    </div>
  );
});
