import { Handle, Position, type NodeProps } from '@xyflow/react';
import type { RoadmapFlowNode } from './flow-graph';
import { NodeBox, NodeLabel } from './node-box';

/** A node on React Flow's canvas: its box, with edges arriving on top and leaving at the bottom, as a roadmap reads. */
export function RoadmapNodeView({ data, type, selected }: NodeProps<RoadmapFlowNode>) {
  return (
    <NodeBox
      background={data.background}
      type={type}
      progress={data.progress}
      hasNote={data.hasNote}
      selected={selected}
    >
      <Handle type="target" position={Position.Top} />
      <NodeLabel>{data.label}</NodeLabel>
      <Handle type="source" position={Position.Bottom} />
    </NodeBox>
  );
}

/** Node renderers by server type, defined once outside components so React Flow never re-mounts them. */
export const roadmapNodeTypes = { topic: RoadmapNodeView, subtopic: RoadmapNodeView };
