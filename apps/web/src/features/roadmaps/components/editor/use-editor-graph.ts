import type { NodeContent } from '@skillroute/shared/roadmap-fields';
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useReducer, useRef } from 'react';
import type { RoadmapFlowNode } from '../../graph/flow-graph';
import { createHistory, recordChange, redo, replacePresent, undo, type History } from './editor-history';

/** Everything undo and redo bring back: the drawing and each node's content. */
export interface EditorSnapshot {
  nodes: RoadmapFlowNode[];
  edges: Edge[];
  content: Record<string, NodeContent>;
}

type Action =
  | { type: 'record'; change: (present: EditorSnapshot) => EditorSnapshot; origin?: EditorSnapshot }
  | { type: 'replace'; change: (present: EditorSnapshot) => EditorSnapshot }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved' };

interface EditorState {
  history: History<EditorSnapshot>;
  /** The snapshot last saved (or loaded): anything else is an unsaved change. */
  saved: EditorSnapshot;
}

function reducer(state: EditorState, action: Action): EditorState {
  switch (action.type) {
    case 'record':
      return {
        ...state,
        history: recordChange(state.history, action.change(state.history.present), action.origin),
      };
    case 'replace':
      return { ...state, history: replacePresent(state.history, action.change(state.history.present)) };
    case 'undo':
      return { ...state, history: undo(state.history) };
    case 'redo':
      return { ...state, history: redo(state.history) };
    case 'saved':
      return { ...state, saved: state.history.present };
  }
}

/** Changes that only say what is selected or how big a node is measured: never a step of their own. */
const isBookkeeping = (change: NodeChange | EdgeChange) =>
  change.type === 'select' || change.type === 'dimensions';

/** A snapshot with the content of nodes that are gone left out. */
function withoutOrphanContent(snapshot: EditorSnapshot): EditorSnapshot {
  const ids = new Set(snapshot.nodes.map((node) => node.id));
  const content = Object.fromEntries(Object.entries(snapshot.content).filter(([id]) => ids.has(id)));
  return { ...snapshot, content };
}

/**
 * The editor's graph with undo and redo. A drag is one step from where it started; selection and
 * measurement are not steps; deleting a node also deletes its content and its edges (spec §4).
 */
export function useEditorGraph(initial: EditorSnapshot) {
  const [state, dispatch] = useReducer(reducer, initial, (snapshot) => ({
    history: createHistory(snapshot),
    saved: snapshot,
  }));
  const dragOrigin = useRef<EditorSnapshot | undefined>(undefined);
  const present = state.history.present;

  const onNodesChange = useCallback((changes: NodeChange<RoadmapFlowNode>[]) => {
    const apply = (snapshot: EditorSnapshot) =>
      withoutOrphanContent({ ...snapshot, nodes: applyNodeChanges(changes, snapshot.nodes) });
    const dragging = changes.some((change) => change.type === 'position' && change.dragging);
    if (changes.every(isBookkeeping) || dragging) dispatch({ type: 'replace', change: apply });
    else dispatch({ type: 'record', change: apply });
  }, []);

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    const apply = (snapshot: EditorSnapshot) => ({
      ...snapshot,
      edges: applyEdgeChanges(changes, snapshot.edges),
    });
    dispatch({ type: changes.every(isBookkeeping) ? 'replace' : 'record', change: apply });
  }, []);

  return {
    present,
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0,
    dirty: present !== state.saved,
    onNodesChange,
    onEdgesChange,
    /** Remember where a drag began, so the whole drag undoes in one step. */
    beginDrag: useCallback((snapshot: EditorSnapshot) => {
      dragOrigin.current ??= snapshot;
    }, []),
    endDrag: useCallback(() => {
      const origin = dragOrigin.current;
      dragOrigin.current = undefined;
      if (origin) dispatch({ type: 'record', change: (snapshot) => snapshot, origin });
    }, []),
    change: useCallback(
      (change: (present: EditorSnapshot) => EditorSnapshot) => dispatch({ type: 'record', change }),
      [],
    ),
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
    markSaved: useCallback(() => dispatch({ type: 'saved' }), []),
  };
}
