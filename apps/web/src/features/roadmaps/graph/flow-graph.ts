import type { Edge, Node } from '@xyflow/react';
import type { RoadmapEdge, RoadmapNode } from '@skillroute/shared/roadmap-api';
import {
  DEFAULT_NODE_WIDTH,
  DEFAULT_SUBTOPIC_COLOUR,
  DEFAULT_TOPIC_COLOUR,
  type NodeType,
  type ProgressStatus,
} from '@skillroute/shared/roadmap-rules';

/** What a drawn node carries: the server's label and colour, and (in the viewer) the reader's mark. */
export interface RoadmapNodeData extends Record<string, unknown> {
  label: string;
  background: string;
  progress?: ProgressStatus;
  /** The reader has a note on it (viewer only). */
  hasNote?: boolean;
}

export type RoadmapFlowNode = Node<RoadmapNodeData, NodeType>;

export function defaultColour(type: NodeType): string {
  return type === 'topic' ? DEFAULT_TOPIC_COLOUR : DEFAULT_SUBTOPIC_COLOUR;
}

export function edgeId(edge: RoadmapEdge): string {
  return `${edge.source}>${edge.target}`;
}

/** A node's height before it is measured: two lines of the spec's 7 px label, with padding. */
export const UNMEASURED_NODE_HEIGHT = 32;

/**
 * The server's graph as React Flow draws it. The sizes a node has before it is measured let the minimap and
 * the culling of off-screen nodes place it; the viewer never takes React Flow's measurements back.
 */
export function toFlowNodes(nodes: readonly RoadmapNode[]): RoadmapFlowNode[] {
  return nodes.map((node) => ({
    id: node.id,
    type: node.type,
    position: { x: node.position.x, y: node.position.y },
    initialWidth: DEFAULT_NODE_WIDTH,
    initialHeight: UNMEASURED_NODE_HEIGHT,
    data: { label: node.data.label, background: node.background },
  }));
}

export function toFlowEdges(edges: readonly RoadmapEdge[]): Edge[] {
  return edges.map((edge) => ({ id: edgeId(edge), source: edge.source, target: edge.target }));
}

/** React Flow's graph as the save payload wants it (spec §3 "Roadmap save payload"). */
export function fromFlowNodes(nodes: readonly RoadmapFlowNode[]): RoadmapNode[] {
  return nodes.map((node) => ({
    id: node.id,
    type: node.type ?? 'topic',
    position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
    data: { label: node.data.label },
    background: node.data.background,
  }));
}

export function fromFlowEdges(edges: readonly Edge[]): RoadmapEdge[] {
  return edges.map((edge) => ({ source: edge.source, target: edge.target }));
}
