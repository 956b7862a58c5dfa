import type { ProfileUpdateResponse, UserResponse } from '@skillroute/shared/auth';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { api } from '@/lib/api';
import { userRefreshed } from '@/features/auth/api';

/**
 * What PUT /api/user/update takes (multipart): the user's id and a new name, a time zone, a language or a new
 * avatar file.
 */
export type UserUpdate =
  | { userId: string; name: string }
  | { userId: string; timezone: string }
  | { userId: string; locale: Locale }
  | { userId: string; avatar: File };

function toFormData(update: UserUpdate): FormData {
  const form = new FormData();
  form.append('userId', update.userId);
  if ('name' in update) form.append('name', update.name);
  else if ('timezone' in update) form.append('timezone', update.timezone);
  else if ('locale' in update) form.append('locale', update.locale);
  else form.append('avatar', update.avatar, update.avatar.name);
  return form;
}

/** Spec §7 "User": the profile is read fresh on every visit and every change updates the signed-in user. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<UserResponse, string>({
      query: (id) => `/api/user/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'Users', id }],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userRefreshed(data.user));
      },
    }),
    updateUser: build.mutation<ProfileUpdateResponse, UserUpdate>({
      query: (update) => ({ url: '/api/user/update', method: 'PUT', body: toFormData(update) }),
      async onQueryStarted(update, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(userRefreshed(data.user));
        dispatch(profileApi.util.upsertQueryData('getUser', update.userId, { user: data.user }));
      },
    }),
  }),
});

export const { useGetUserQuery, useUpdateUserMutation } = profileApi;
