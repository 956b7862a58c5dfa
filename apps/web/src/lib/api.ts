import { API_TAGS, CACHE_KEEP_UNUSED_SECONDS } from '@skillroute/shared/constants';
import { createApi, setupListeners } from '@reduxjs/toolkit/query/react';
import { announceApiLoaded } from './api-loading';
import { createBaseQueryWithReauth } from './base-query';

/**
 * Tags the web app adds to the spec's list (spec §7 names the cached ones; notifications are never cached,
 * but a live event must still make the mounted count and list read again).
 */
const WEB_TAGS = [
  'Notifications',
  'RoadmapProgress',
  'AssessmentStacks',
  'AssessmentQuestions',
  'AssessmentTest',
  'AdminConsole',
  'Earnings',
] as const;

/**
 * The one RTK Query API slice. It declares no endpoints: each feature adds its own with
 * `api.injectEndpoints` in its `api.ts`. Only pages that call the server import it, so it joins the
 * store when the first such page loads (see ./api-loading and app/store.ts).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQueryWithReauth(),
  tagTypes: [...API_TAGS, ...WEB_TAGS],
  keepUnusedDataFor: CACHE_KEEP_UNUSED_SECONDS,
  endpoints: () => ({}),
});

announceApiLoaded({
  reducerPath: api.reducerPath,
  reducer: api.reducer,
  middleware: api.middleware,
  listen: (dispatch) => setupListeners(dispatch),
});
