import { useEffect } from 'react';
import { useGetSessionQuery } from '../api';

/**
 * Leaves the app for a page the api serves (the sandbox checkout), in place of an account page, once the
 * server has confirmed the session (refreshing it if its access cookie lapsed). Leaving on a user restored
 * from local storage alone could send someone whose session is gone back to that page's Sign in, and round.
 */
export function ServerPageReturn({ path }: { path: string }) {
  const session = useGetSessionQuery(undefined, { refetchOnMountOrArgChange: true });
  const confirmed = session.data !== undefined && !session.isFetching;
  useEffect(() => {
    if (confirmed) window.location.replace(path);
  }, [confirmed, path]);
  return null;
}
