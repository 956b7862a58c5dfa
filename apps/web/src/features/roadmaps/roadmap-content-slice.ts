import type { NodeContent } from '@skillroute/shared/roadmap-fields';
import type { UnknownAction } from 'redux';
import { createAction } from '@/lib/actions';

/**
 * Node content keyed by node id (spec §3 "Node content kept client-side per node"), for the roadmap open in
 * the editor. Not persisted (spec §1): it belongs to one editing session and is saved with the roadmap.
 */
export type RoadmapContentState = Record<string, NodeContent>;

const initialState: RoadmapContentState = {};

export const setNodeContent = createAction<{ nodeId: string; content: NodeContent }>(
  'roadMap/setNodeContent',
);
export const removeNodeContent = createAction<string>('roadMap/removeNodeContent');
/** The editor's undo and redo put back the content as it was at that step. */
export const replaceRoadmapContent = createAction<RoadmapContentState>('roadMap/replaceRoadmapContent');
export const resetRoadmapContent = createAction('roadMap/resetRoadmapContent');

function reducer(state: RoadmapContentState = initialState, action: UnknownAction): RoadmapContentState {
  if (setNodeContent.match(action)) return { ...state, [action.payload.nodeId]: action.payload.content };
  if (removeNodeContent.match(action)) {
    if (!(action.payload in state)) return state;
    const { [action.payload]: _removed, ...rest } = state;
    return rest;
  }
  if (replaceRoadmapContent.match(action)) return action.payload;
  if (resetRoadmapContent.match(action)) return initialState;
  return state;
}

export const roadmapContentSlice = { reducerPath: 'roadMap', reducer } as const;

export function selectRoadmapContent(state: { roadMap: RoadmapContentState }): RoadmapContentState {
  return state.roadMap;
}
