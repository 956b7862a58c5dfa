import type { RoadmapEdge, RoadmapNode } from '@skillroute/shared/roadmap-api';
import { DEFAULT_NODE_WIDTH } from '@skillroute/shared/roadmap-rules';
import { edgeId, UNMEASURED_NODE_HEIGHT } from './flow-graph';
import type { Viewport } from './reading-view';

/**
 * The geometry of the roadmap's first picture (components/viewer/roadmap-picture.tsx): what React Flow would draw
 * at the reading viewport, without React Flow. Everything is in the graph's own coordinates; the picture moves
 * and scales them as one, as React Flow's viewport does.
 */

/** Past the view's edges, nodes still drawn, so a node cut by the edge is drawn whole, as React Flow culls. */
const CULL_MARGIN_PX = 100;

/** The nodes any part of which lies in the view (of `size` screen pixels) at `viewport`. */
export function nodesInView<T extends Pick<RoadmapNode, 'position'>>(
  nodes: readonly T[],
  viewport: Viewport,
  size: { width: number; height: number },
): T[] {
  const margin = CULL_MARGIN_PX / viewport.zoom;
  const left = -viewport.x / viewport.zoom - margin;
  const top = -viewport.y / viewport.zoom - margin;
  const right = left + size.width / viewport.zoom + 2 * margin;
  const bottom = top + size.height / viewport.zoom + 2 * margin;
  return nodes.filter(
    (node) =>
      node.position.x + DEFAULT_NODE_WIDTH >= left &&
      node.position.x <= right &&
      node.position.y + UNMEASURED_NODE_HEIGHT >= top &&
      node.position.y <= bottom,
  );
}

/** How far a bezier's control point lies from its end, as React Flow's default edge bends (curvature 0.25). */
function controlOffset(distance: number): number {
  return distance >= 0 ? 0.5 * distance : 0.25 * 25 * Math.sqrt(-distance);
}

/**
 * The edges touching a drawn node, as SVG paths: from the middle of the source's bottom to the middle of the
 * target's top, bent as React Flow's default edge. `heights` are the drawn nodes' measured heights; a node not
 * measured (out of view) counts as React Flow counts it before measuring.
 */
export function edgePaths(
  nodes: readonly Pick<RoadmapNode, 'id' | 'position'>[],
  edges: readonly RoadmapEdge[],
  drawn: ReadonlySet<string>,
  heights: Readonly<Record<string, number>>,
): Array<{ id: string; path: string }> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const paths: Array<{ id: string; path: string }> = [];
  for (const edge of edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target || !(drawn.has(source.id) || drawn.has(target.id))) continue;
    const sx = source.position.x + DEFAULT_NODE_WIDTH / 2;
    const sy = source.position.y + (heights[source.id] ?? UNMEASURED_NODE_HEIGHT);
    const tx = target.position.x + DEFAULT_NODE_WIDTH / 2;
    const ty = target.position.y;
    paths.push({
      id: edgeId(edge),
      path: `M${sx},${sy} C${sx},${sy + controlOffset(ty - sy)} ${tx},${ty - controlOffset(ty - sy)} ${tx},${ty}`,
    });
  }
  return paths;
}
