import { useEffect } from 'react';
import { errorStatus } from '@/lib/api-error';
import { useAppDispatch } from '@/lib/store-hooks';
import { useGetSessionQuery } from '../api';
import { logout, userRefreshed } from '../auth-slice';

/**
 * Confirms a user restored from local storage with the server once per page load. The base query has
 * already tried one refresh on a 401; a 401 or 403 that remains means the session is gone (expired,
 * revoked, blocked), so the local copy goes too. A network failure keeps it: the server may be back soon.
 */
export function SessionCheck() {
  const dispatch = useAppDispatch();
  const { data, error } = useGetSessionQuery(undefined, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (data) dispatch(userRefreshed(data.user));
  }, [data, dispatch]);

  useEffect(() => {
    const status = errorStatus(error);
    if (status === 401 || status === 403) dispatch(logout());
  }, [error, dispatch]);

  return null;
}
