import type { KeyboardEvent } from 'react';

/**
 * Enter or Space on a focused node opens it, as a click does: React Flow makes nodes focusable (Tab moves
 * between them) but gives the keyboard no way to open one.
 */
export function openNodeOnKey(open: (nodeId: string) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const target = event.target as HTMLElement;
    const nodeId = target.classList.contains('react-flow__node') ? target.dataset.id : undefined;
    if (nodeId === undefined) return;
    event.preventDefault();
    open(nodeId);
  };
}
