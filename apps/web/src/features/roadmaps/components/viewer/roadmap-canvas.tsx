import { Background, ControlButton, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow, useStoreApi, type NodeMouseHandler } from '@xyflow/react';
import type { ProgressEntry, Roadmap } from '@skillroute/shared/roadmap-api';
import { Maximize } from 'lucide-react';
import { memo, useCallback, useMemo } from 'react';
import { ATTRIBUTION_POSITION, minimapColours } from '../../graph/flow-chrome';
import { toFlowEdges, toFlowNodes, type RoadmapFlowNode } from '../../graph/flow-graph';
import { readingViewport } from '../../graph/reading-view';
import { roadmapNodeTypes } from '../../graph/roadmap-node';
import { ZOOM_LIMITS } from '../../graph/zoom';
import { statusOf } from './outline';

/**
 * The roadmap drawn read-only, read as a page: it opens at its top with labels readable, the wheel scrolls
 * it, and clicking a node opens it. Only nodes in view are rendered, so a roadmap of a thousand topics draws
 * as fast as one of fifty.
 */
export const RoadmapCanvas = memo(function RoadmapCanvas(props: { roadmap: Roadmap; progress: ProgressEntry[] | undefined; onOpen: (nodeId: string) => void }) {
  return (
    <ReactFlowProvider>
      <ReadingFlow {...props} />
    </ReactFlowProvider>
  );
});

function ReadingFlow({ roadmap, progress, onOpen }: { roadmap: Roadmap; progress: ProgressEntry[] | undefined; onOpen: (nodeId: string) => void }) {
  const nodes = useMemo(() => toFlowNodes(roadmap.nodes).map((node) => ({ ...node, data: { ...node.data, progress: progress ? statusOf(progress, node.id) : undefined } })), [roadmap.nodes, progress]);
  const edges = useMemo(() => toFlowEdges(roadmap.edges), [roadmap.edges]);
  const onNodeClick: NodeMouseHandler<RoadmapFlowNode> = (_event, node) => onOpen(node.id);
  const { setViewport } = useReactFlow();
  const store = useStoreApi();

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
      onInit={() => toTop()}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      elementsSelectable
      onlyRenderVisibleElements
      panOnScroll
      minZoom={ZOOM_LIMITS.min}
      maxZoom={ZOOM_LIMITS.max}
      attributionPosition={ATTRIBUTION_POSITION}
      aria-label={`${roadmap.title}: the roadmap as a graph`}
    >
      <Background gap={16} />
      {/* React Flow's own fit button fits the whole graph (a smear of tiny labels for a long roadmap) even when
          given an onFitView; this one brings the reader back to where the roadmap starts, as Home does on a page. */}
      <Controls showInteractive={false} showFitView={false}>
        <ControlButton onClick={() => toTop(300)} title="Fit to width, back to the top" aria-label="Fit to width, back to the top">
          <Maximize aria-hidden="true" />
        </ControlButton>
      </Controls>
      {/* Narrow and tall, as a roadmap is: it covers less of the right-hand column. */}
      <MiniMap pannable zoomable ariaLabel="Overview of the roadmap" style={{ width: 120, height: 160 }} {...minimapColours} />
    </ReactFlow>
  );
}
