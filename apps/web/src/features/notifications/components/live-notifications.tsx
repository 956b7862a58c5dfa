import { useEffect } from 'react';
import { toast } from '@/lib/use-toast';
import { notificationsApi, notificationsChanged } from '../api';
import { startLiveNotifications } from '../live/live-notifications';
import { openSocket } from '@/lib/socket';
import { useAppDispatch, type AppDispatch } from '@/lib/store-hooks';
import { toastTextFor } from '../notification-text';

/**
 * Whether the session still holds, asked with a real call through the base query: a 401 there makes it
 * renew the access token (so the next handshake carries a fresh cookie) or, when it cannot, sign the
 * person out, which unmounts this component and closes the socket.
 */
async function sessionHolds(dispatch: AppDispatch, email: string): Promise<boolean> {
  const check = dispatch(
    notificationsApi.endpoints.getNotificationCount.initiate(email, { forceRefetch: true, subscribe: false }),
  );
  const result = await check;
  return result.isSuccess;
}

/**
 * Live notifications for the signed-in person (spec §4 "Real time"): mounted by the app layer only while
 * someone is signed in, so signing in connects and signing out (unmount) disconnects. Each event shows a
 * toast and makes the count and the list read the server again. Renders nothing.
 */
export function LiveNotifications({ email }: { email: string }) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    openSocket()
      .then((socket) => {
        if (unmounted) return;
        stop = startLiveNotifications(socket, email, {
          onNotification(payload) {
            toast(toastTextFor(payload));
            dispatch(notificationsChanged());
          },
          onResync: () => dispatch(notificationsChanged()),
          checkSession: () => sessionHolds(dispatch, email),
        });
      })
      // The socket's code could not be loaded (offline, a new deployment): pages still read the server.
      .catch(() => {});
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [email, dispatch]);

  return null;
}
