import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NodeContent } from '@skillroute/shared/roadmap-fields';

/**
 * Node content keyed by node id (spec §3 "Node content kept client-side per node"), for the roadmap open in
 * the editor. Not persisted (spec §1): it belongs to one editing session and is saved with the roadmap.
 */
export type RoadmapContentState = Record<string, NodeContent>;

const initialState: RoadmapContentState = {};

export const roadmapContentSlice = createSlice({
  name: 'roadMap',
  initialState,
  reducers: {
    setNodeContent(state, action: PayloadAction<{ nodeId: string; content: NodeContent }>) {
      state[action.payload.nodeId] = action.payload.content;
    },
    removeNodeContent(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
    /** The editor's undo and redo put back the content as it was at that step. */
    replaceRoadmapContent(_state, action: PayloadAction<RoadmapContentState>) {
      return action.payload;
    },
    resetRoadmapContent() {
      return initialState;
    },
  },
});

export const { setNodeContent, removeNodeContent, replaceRoadmapContent, resetRoadmapContent } =
  roadmapContentSlice.actions;

export function selectRoadmapContent(state: { roadMap: RoadmapContentState }): RoadmapContentState {
  return state.roadMap;
}
