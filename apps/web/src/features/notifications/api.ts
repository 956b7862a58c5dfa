import type {
  MarkReadBody,
  NotificationCountResponse,
  NotificationListResponse,
} from '@skillroute/shared/notifications';
import { api } from '@/lib/api';

const byEmail = (email: string) => encodeURIComponent(email);

/**
 * Spec §7 "User and notifications" and DESIGN.md §4: the list is never cached and is read page by page
 * (`?skip=` counts rows); the count is read again on every mount. A live event or a reconnect invalidates
 * the `Notifications` tag so whatever is on screen reads the server again (the row is the truth).
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.infiniteQuery<NotificationListResponse, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        // The next page starts after every row read so far; the server says when there is none.
        getNextPageParam: (lastPage, _allPages, lastSkip) =>
          lastPage.hasMore ? lastSkip + lastPage.notifications.length : undefined,
      },
      query: ({ queryArg: email, pageParam: skip }) =>
        `/api/user/notifications/${byEmail(email)}?skip=${skip}`,
      keepUnusedDataFor: 0,
      providesTags: ['Notifications'],
    }),
    getNotificationCount: build.query<NotificationCountResponse, string>({
      query: (email) => `/api/user/notifications/notification-count/${byEmail(email)}`,
      providesTags: ['Notifications'],
    }),
    /** Marks the given notifications read, or all of them; the answer is the new unread count. */
    markNotificationsRead: build.mutation<NotificationCountResponse, MarkReadBody & { email: string }>({
      query: ({ ids }) => ({ url: '/api/user/notifications/read', method: 'PUT', body: ids ? { ids } : {} }),
      async onQueryStarted({ email, ids }, { dispatch, queryFulfilled }) {
        // The list shows the change at once; a refusal puts it back.
        const wanted = ids ? new Set(ids) : null;
        const listPatch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', email, (draft) => {
            for (const page of draft.pages) {
              for (const item of page.notifications) if (!wanted || wanted.has(item.id)) item.read = true;
            }
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getNotificationCount', email, data));
        } catch {
          listPatch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetNotificationsInfiniteQuery,
  useGetNotificationCountQuery,
  useMarkNotificationsReadMutation,
} = notificationsApi;

/** Makes the count and any mounted list read the server again (after a live event or a reconnect). */
export const notificationsChanged = () => notificationsApi.util.invalidateTags(['Notifications']);
