import { DEFAULT_NODE_FONT_PX, DEFAULT_NODE_WIDTH } from '@skillroute/shared/roadmap-rules';
import { ZOOM_LIMITS } from './zoom';

/** The smallest label a reader should have to read, in screen pixels. */
export const READABLE_LABEL_PX = 12;
/** Space kept between the graph and the edges of the view, in screen pixels. */
const MARGIN_PX = 16;

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

interface PlacedNode {
  position: { x: number; y: number };
  width?: number;
}

/** The zoom at which a label of `fontPx` reads at READABLE_LABEL_PX, within the canvas's zoom limits. */
export function readableZoom(fontPx = DEFAULT_NODE_FONT_PX): number {
  return Math.min(READABLE_LABEL_PX / fontPx, ZOOM_LIMITS.max);
}

/**
 * Where a reader starts: the roadmap read as a page, top first. The zoom fits the graph's width (never its
 * height: a long roadmap fitted whole is a smear of 4 px labels) but never goes below the zoom at which a
 * label is READABLE_LABEL_PX tall; the first row of nodes sits at the top of the view. A graph wider than
 * the view at that zoom is centred on its top node, and the rest is a pan away.
 */
export function readingViewport(
  nodes: readonly PlacedNode[],
  view: { width: number; height: number },
  fontPx = DEFAULT_NODE_FONT_PX,
): Viewport {
  if (nodes.length === 0 || view.width <= 0) return { x: 0, y: 0, zoom: 1 };
  const widthOf = (node: PlacedNode) => node.width ?? DEFAULT_NODE_WIDTH;
  const left = Math.min(...nodes.map((node) => node.position.x));
  const right = Math.max(...nodes.map((node) => node.position.x + widthOf(node)));
  const top = Math.min(...nodes.map((node) => node.position.y));

  const readable = readableZoom(fontPx);
  const fitted = (view.width - 2 * MARGIN_PX) / (right - left);
  const zoom = Math.min(Math.max(fitted, readable), ZOOM_LIMITS.max);

  const y = MARGIN_PX - top * zoom;
  if ((right - left) * zoom <= view.width - 2 * MARGIN_PX) {
    return { x: (view.width - (right - left) * zoom) / 2 - left * zoom, y, zoom };
  }
  // Too wide to show whole: the top node (the leftmost of the first row) in the middle.
  const first = nodes
    .filter((node) => node.position.y === top)
    .reduce((a, b) => (b.position.x < a.position.x ? b : a));
  const centre = first.position.x + widthOf(first) / 2;
  return { x: view.width / 2 - centre * zoom, y, zoom };
}
