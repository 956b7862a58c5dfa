/**
 * Undo and redo over whole snapshots of the drawing. Snapshots share what did not change (React Flow's
 * nodes are replaced, not mutated), so keeping a hundred of them costs little.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** How many steps back undo reaches. */
export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A change worth undoing: `origin` (what it was before; the present by default) goes onto the past. */
export function recordChange<T>(history: History<T>, next: T, origin: T = history.present): History<T> {
  if (next === origin) return { ...history, present: next };
  return { past: [...history.past, origin].slice(-HISTORY_LIMIT), present: next, future: [] };
}

/** A change not worth a step of its own (selection, a node being measured, a drag under way). */
export function replacePresent<T>(history: History<T>, next: T): History<T> {
  return { ...history, present: next };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
