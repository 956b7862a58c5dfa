import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface NodeLink {
  title: string;
  url: string;
}

/** What the editor keeps for a node until the roadmap is saved (spec §3 "Node content"). */
export interface NodeContent {
  title: string;
  description: string;
  links: NodeLink[];
}

/** Node content keyed by node id. Not persisted: it belongs to one editing session. */
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
    resetRoadmapContent() {
      return initialState;
    },
  },
});

export const { setNodeContent, removeNodeContent, resetRoadmapContent } = roadmapContentSlice.actions;

export function selectNodeContent(state: { roadMap: RoadmapContentState }, nodeId: string): NodeContent | undefined {
  return state.roadMap[nodeId];
}
