import { Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, type NodeMouseHandler } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { ProgressEntry, Roadmap } from '@skillroute/shared/roadmap-api';
import { memo, useMemo } from 'react';
import { toFlowEdges, toFlowNodes, type RoadmapFlowNode } from '../../graph/flow-graph';
import { roadmapNodeTypes } from '../../graph/roadmap-node';
import { ZOOM_LIMITS } from '../../graph/zoom';
import { statusOf } from './outline';

/**
 * The roadmap drawn read-only and fitted to its box; clicking a node opens it. Only nodes in view are
 * rendered, so a roadmap of a thousand topics draws as fast as one of fifty.
 */
export const RoadmapCanvas = memo(function RoadmapCanvas({ roadmap, progress, onOpen }: { roadmap: Roadmap; progress: ProgressEntry[] | undefined; onOpen: (nodeId: string) => void }) {
  const nodes = useMemo(() => toFlowNodes(roadmap.nodes).map((node) => ({ ...node, data: { ...node.data, progress: progress ? statusOf(progress, node.id) : undefined } })), [roadmap.nodes, progress]);
  const edges = useMemo(() => toFlowEdges(roadmap.edges), [roadmap.edges]);
  const onNodeClick: NodeMouseHandler<RoadmapFlowNode> = (_event, node) => onOpen(node.id);

  return (
    <ReactFlowProvider>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={roadmapNodeTypes}
        onNodeClick={onNodeClick}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        elementsSelectable
        onlyRenderVisibleElements
        fitView
        fitViewOptions={{ padding: 0.1 }}
        minZoom={ZOOM_LIMITS.min}
        maxZoom={ZOOM_LIMITS.max}
        proOptions={{ hideAttribution: true }}
        aria-label={`${roadmap.title}: the roadmap as a graph`}
      >
        <Background gap={16} />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel="Overview of the roadmap" />
      </ReactFlow>
    </ReactFlowProvider>
  );
});
