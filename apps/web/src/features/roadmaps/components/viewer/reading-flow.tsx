import {
  Background,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStoreApi,
  type NodeMouseHandler,
} from '@xyflow/react';
import type { ProgressEntry, Roadmap } from '@skillroute/shared/roadmap-api';
import { Maximize } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { minimapColours } from '../../graph/flow-chrome';
import { flowAriaLabels, FlowCredit } from '../../graph/flow-words';
import { toFlowEdges, toFlowNodes, type RoadmapFlowNode } from '../../graph/flow-graph';
import { readingViewport, type Viewport } from '../../graph/reading-view';
import { roadmapNodeTypes, UNMEASURED_HANDLES } from '../../graph/roadmap-node';
import { ZOOM_LIMITS } from '../../graph/zoom';
import { statusOf } from './outline';

interface ReadingFlowProps {
  roadmap: Roadmap;
  progress: ProgressEntry[] | undefined;
  noted?: ReadonlySet<string>;
  onOpen: (nodeId: string) => void;
  /** Where the first picture stood: React Flow takes over there, so nothing moves. */
  viewport: Viewport;
  /** Called once React Flow has drawn its first picture (to hand it the keyboard focus). */
  onReady?: () => void;
}

/**
 * The roadmap in React Flow, read-only, read as a page: the wheel scrolls it, dragging pans it, clicking a node
 * opens it. Only nodes in view are rendered, so a roadmap of a thousand topics draws as fast as one of fifty.
 * Its own chunk: RoadmapCanvas loads it when the reader reaches for the graph.
 */
export function ReadingFlow(props: ReadingFlowProps) {
  return (
    <ReactFlowProvider>
      <Flow {...props} />
    </ReactFlowProvider>
  );
}

function Flow({ roadmap, progress, noted, onOpen, viewport, onReady }: ReadingFlowProps) {
  const nodes = useMemo(
    () =>
      toFlowNodes(roadmap.nodes).map((node) => ({
        ...node,
        handles: UNMEASURED_HANDLES,
        data: {
          ...node.data,
          progress: progress ? statusOf(progress, node.id) : undefined,
          hasNote: noted?.has(node.id),
        },
      })),
    [roadmap.nodes, progress, noted],
  );
  const edges = useMemo(() => toFlowEdges(roadmap.edges), [roadmap.edges]);
  // One object while the page lives: a new one each render would update React Flow's store each time.
  const [ariaLabels] = useState(flowAriaLabels);
  const onNodeClick: NodeMouseHandler<RoadmapFlowNode> = (_event, node) => onOpen(node.id);
  const { setViewport } = useReactFlow();
  const store = useStoreApi();
  // The minimap (every node again) and the background pattern follow the graph's first picture: two shorter tasks
  // on a phone's CPU instead of one long one.
  const graphPainted = useAfterPaint();

  const toTop = useCallback(
    (duration?: number) => {
      const { width, height } = store.getState();
      void setViewport(readingViewport(roadmap.nodes, { width, height }), { duration });
    },
    [roadmap.nodes, setViewport, store],
  );

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={roadmapNodeTypes}
      onNodeClick={onNodeClick}
      onInit={onReady}
      defaultViewport={viewport}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      elementsSelectable
      onlyRenderVisibleElements
      panOnScroll
      minZoom={ZOOM_LIMITS.min}
      maxZoom={ZOOM_LIMITS.max}
      ariaLabelConfig={ariaLabels}
      proOptions={{ hideAttribution: true }}
      aria-label={t('{title}: the roadmap as a graph', { title: roadmap.title })}
    >
      <FlowCredit />
      {graphPainted && <Background gap={16} />}
      {/* React Flow's own fit button fits the whole graph (a smear of tiny labels for a long roadmap) even when
          given an onFitView; this one brings the reader back to where the roadmap starts, as Home does on a page. */}
      <Controls showInteractive={false} showFitView={false}>
        <ControlButton
          onClick={() => toTop(300)}
          title={t('Fit to width, back to the top')}
          aria-label={t('Fit to width, back to the top')}
        >
          <Maximize aria-hidden="true" />
        </ControlButton>
      </Controls>
      {/* Narrow and tall, as a roadmap is: it covers less of the right-hand column. */}
      {graphPainted && (
        <MiniMap
          pannable
          zoomable
          ariaLabel={t('Overview of the roadmap')}
          style={{ width: 120, height: 160 }}
          {...minimapColours}
        />
      )}
    </ReactFlow>
  );
}
