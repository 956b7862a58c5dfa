import { Panel, type ReactFlowProps } from '@xyflow/react';
import { t } from '@/lib/i18n';
import { ATTRIBUTION_POSITION } from './flow-chrome';

/**
 * What React Flow says to a screen reader and on its controls' buttons, in the reader's language (its own are
 * English). Called while rendering, like every `t`.
 */
export function flowAriaLabels(): NonNullable<ReactFlowProps['ariaLabelConfig']> {
  return {
    'node.a11yDescription.default': t(
      'Press Enter or Space to select a topic. Press Delete to remove it and Escape to cancel.',
    ),
    'node.a11yDescription.keyboardDisabled': t(
      'Press Enter or Space to select a topic. Then move it with the arrow keys. Press Delete to remove it and Escape to cancel.',
    ),
    'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
      t(
        '{direction, select, up {Moved the topic up} down {Moved the topic down} left {Moved the topic left} other {Moved the topic right}}. New position, x: {x}, y: {y}',
        { direction, x, y },
      ),
    'edge.a11yDescription.default': t(
      'Press Enter or Space to select a link. Then press Delete to remove it or Escape to cancel.',
    ),
    'controls.ariaLabel': t('Canvas controls'),
    'controls.zoomIn.ariaLabel': t('Zoom in'),
    'controls.zoomOut.ariaLabel': t('Zoom out'),
    'controls.fitView.ariaLabel': t('Fit to view'),
    'controls.interactive.ariaLabel': t('Lock or unlock the canvas'),
    'handle.ariaLabel': t('Link point'),
  };
}

/**
 * React Flow's credit where it puts it, in place of its own copy (hidden with `proOptions.hideAttribution`), which
 * labels the link in English ("React Flow attribution"): the library's name, read as it is written.
 */
export function FlowCredit() {
  return (
    <Panel position={ATTRIBUTION_POSITION} className="react-flow__attribution">
      <a href="https://reactflow.dev" target="_blank" rel="noopener noreferrer" translate="no">
        {'React Flow'}
      </a>
    </Panel>
  );
}
