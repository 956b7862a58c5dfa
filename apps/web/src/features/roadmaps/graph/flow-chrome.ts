import type { Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './flow-theme.css';

/**
 * The minimap's nodes in the theme's text colours (topics strong, subtopics muted): the nodes' own yellows
 * vanish on a white minimap, and React Flow's light grey vanishes on a dark one.
 */
export const minimapColours = {
  nodeColor: (node: Node) => (node.type === 'subtopic' ? 'var(--muted-foreground)' : 'var(--foreground)'),
  nodeStrokeColor: 'var(--card)',
  nodeStrokeWidth: 4,
  // The part in view, outlined: React Flow scales this width to screen pixels (its CSS variable is not).
  maskStrokeColor: 'var(--ring)',
  maskStrokeWidth: 2,
} as const;

/** React Flow's credit, out of the way of the controls (bottom left) and the minimap (bottom right). */
export const ATTRIBUTION_POSITION = 'bottom-center';
