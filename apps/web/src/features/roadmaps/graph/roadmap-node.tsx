import { Handle, Position, type NodeHandle, type NodeProps } from '@xyflow/react';
import { DEFAULT_NODE_WIDTH } from '@skillroute/shared/roadmap-rules';
import { UNMEASURED_NODE_HEIGHT, type RoadmapFlowNode } from './flow-graph';
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

/** React Flow's handle (its style.css): 6 px square, centred on the inside of NodeBox's 1 px border. */
const HANDLE_PX = 6;
const BORDER_PX = 1;

/**
 * The handles above as React Flow measures them, on a node of UNMEASURED_NODE_HEIGHT. React Flow renders every node
 * whose handles it has not measured, in view or not, to measure them once; a node given these is rendered only when
 * in view (a thousand-topic roadmap drew all thousand when the reader reached for it). A node drawn is still
 * measured; an edge to one never drawn ends where an unmeasured node's bottom would be, as in the picture.
 */
export const UNMEASURED_HANDLES: NodeHandle[] = [
  {
    type: 'target',
    position: Position.Top,
    x: DEFAULT_NODE_WIDTH / 2 - HANDLE_PX / 2,
    y: BORDER_PX - HANDLE_PX / 2,
    width: HANDLE_PX,
    height: HANDLE_PX,
  },
  {
    type: 'source',
    position: Position.Bottom,
    x: DEFAULT_NODE_WIDTH / 2 - HANDLE_PX / 2,
    y: UNMEASURED_NODE_HEIGHT - BORDER_PX - HANDLE_PX / 2,
    width: HANDLE_PX,
    height: HANDLE_PX,
  },
];
