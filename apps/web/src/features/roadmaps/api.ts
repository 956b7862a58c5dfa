import type { MessageResponse } from '@skillroute/shared/auth';
import type { CreatedId } from '@skillroute/shared/ids';
import type {
  CreateNodeBody,
  CreateRoadmapBody,
  ListingResponse,
  NodeDetailsResponse,
  ProgressBody,
  ProgressResponse,
  PublishRoadmapBody,
  ReviewRoadmapBody,
  Roadmap,
  RoadmapList,
} from '@skillroute/shared/roadmap-api';
import type { RecommendationsResponse } from '@skillroute/shared/learning';
import type { RoadmapStatus } from '@skillroute/shared/roadmap-rules';
import type { TopicNoteBody, TopicNoteResponse, TopicNotesResponse } from '@skillroute/shared/topic-notes';
import { api } from '@/lib/api';
import { roadmapPath } from './read-early';

const withStatus = (path: string, status?: RoadmapStatus) => (status ? `${path}?status=${status}` : path);

/**
 * Spec §7 "Roadmaps" and "Admin", DESIGN.md §4. Tags: `Roadmap` covers one's own and any single
 * roadmap, `RoadmapPublished` the public list; saving, reviewing and listing invalidate both (spec §7).
 * Profile roadmaps are never kept once unused (spec §9).
 */
export const roadmapsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The signed-in author's side.
    getProfileRoadmaps: build.query<RoadmapList, { userId: string; status?: RoadmapStatus }>({
      query: ({ userId, status }) => withStatus(`/api/roadmap/profile/${encodeURIComponent(userId)}`, status),
      keepUnusedDataFor: 0,
      providesTags: ['Roadmap'],
    }),
    getOwnRoadmaps: build.query<RoadmapList, void>({
      query: () => '/api/roadmap',
      providesTags: ['Roadmap'],
    }),
    createRoadmap: build.mutation<CreatedId, CreateRoadmapBody>({
      query: (body) => ({ url: '/api/roadmap', method: 'POST', body }),
      invalidatesTags: ['Roadmap'],
    }),
    createNode: build.mutation<CreatedId, CreateNodeBody>({
      query: (body) => ({ url: '/api/roadmap/node', method: 'POST', body }),
    }),
    publishRoadmap: build.mutation<MessageResponse, PublishRoadmapBody>({
      query: (body) => ({ url: '/api/roadmap/publish', method: 'POST', body }),
      invalidatesTags: ['Roadmap', 'RoadmapPublished'],
    }),

    // Anyone's side (published and listed, or one's own, or any for an admin). The home page's list of
    // published roadmaps is a plain fetch (components/use-published-roadmaps.ts), to keep that page light.
    getRoadmap: build.query<Roadmap, string>({
      query: roadmapPath,
      providesTags: (_result, _error, id) => [{ type: 'Roadmap', id }, 'Roadmap'],
    }),
    getNodeDetails: build.query<NodeDetailsResponse, string>({
      query: (id) => `/api/roadmap/nodedetails/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Roadmap', id }, 'Roadmap'],
    }),
    getProgress: build.query<ProgressResponse, string>({
      query: (id) => `/api/roadmap/${encodeURIComponent(id)}/progress`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'RoadmapProgress', id }],
    }),
    setProgress: build.mutation<ProgressResponse, ProgressBody & { roadmapId: string }>({
      query: ({ roadmapId, nodeId, status }) => ({
        url: `/api/roadmap/${encodeURIComponent(roadmapId)}/progress`,
        method: 'PUT',
        body: { nodeId, status },
      }),
      async onQueryStarted({ roadmapId, nodeId, status }, { dispatch, queryFulfilled }) {
        // The mark shows at once; a refusal puts it back.
        const patch = dispatch(
          roadmapsApi.util.updateQueryData('getProgress', roadmapId, (draft) => {
            const entry = draft.progress.find((item) => item.nodeId === nodeId);
            if (entry) entry.status = status;
            else draft.progress.push({ nodeId, status });
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(roadmapsApi.util.upsertQueryData('getProgress', roadmapId, data));
        } catch {
          patch.undo();
        }
      },
    }),

    // The signed-in reader's private notes on topics (DESIGN.md §4b). No tag: only the drawer's saves change
    // them, and each save writes its answer into the list (the outline's marks follow at once).
    getTopicNotes: build.query<TopicNotesResponse, string>({
      query: (id) => `/api/roadmap/${encodeURIComponent(id)}/notes`,
      keepUnusedDataFor: 0,
    }),
    saveTopicNote: build.mutation<TopicNoteResponse, TopicNoteBody & { roadmapId: string; nodeId: string }>({
      query: ({ roadmapId, nodeId, text }) => ({
        url: `/api/roadmap/${encodeURIComponent(roadmapId)}/notes/${encodeURIComponent(nodeId)}`,
        method: 'PUT',
        body: { text },
      }),
      async onQueryStarted({ roadmapId, nodeId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          roadmapsApi.util.updateQueryData('getTopicNotes', roadmapId, (draft) => {
            draft.notes = draft.notes.filter((note) => note.nodeId !== nodeId);
            if (data.note) draft.notes.push(data.note);
          }),
        );
      },
    }),

    /** The topics of a roadmap the reader's mentors recommended to them (DESIGN.md §4b). */
    getRoadmapRecommendations: build.query<RecommendationsResponse, string>({
      query: (id) => `/api/roadmap/${encodeURIComponent(id)}/recommendations`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'RoadmapProgress', id }],
    }),

    // The admin's side (admin cookies; the base query refreshes through /api/admin/refreshToken).
    getAdminRoadmaps: build.query<RoadmapList, RoadmapStatus>({
      query: (status) => `/api/admin/roadmap?status=${status}`,
      providesTags: ['Roadmap'],
    }),
    reviewRoadmap: build.mutation<MessageResponse, ReviewRoadmapBody>({
      query: (body) => ({ url: '/api/admin/roadmap/review', method: 'POST', body }),
      invalidatesTags: ['Roadmap', 'RoadmapPublished'],
    }),
    listUnlistRoadmap: build.mutation<ListingResponse, { roadmapId: string }>({
      query: (body) => ({ url: '/api/admin/roadmap/list-unlist', method: 'PUT', body }),
      invalidatesTags: ['Roadmap', 'RoadmapPublished'],
    }),
  }),
});

export const {
  useGetProfileRoadmapsQuery,
  useGetOwnRoadmapsQuery,
  useCreateRoadmapMutation,
  useCreateNodeMutation,
  usePublishRoadmapMutation,
  useGetRoadmapQuery,
  useGetNodeDetailsQuery,
  useGetProgressQuery,
  useSetProgressMutation,
  useGetTopicNotesQuery,
  useSaveTopicNoteMutation,
  useGetRoadmapRecommendationsQuery,
  useGetAdminRoadmapsQuery,
  useReviewRoadmapMutation,
  useListUnlistRoadmapMutation,
} = roadmapsApi;

/** The roadmaps the signed-in reader follows (has marks on), for the booking panel's roadmap picker. */
export { useGetMyProgressQuery } from './progress-summary-api';
