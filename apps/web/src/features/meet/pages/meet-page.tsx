import { meetMessages, ROOM_OPENS_MINUTES_BEFORE, type MeetRoom } from '@skillroute/shared/meet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { ELEMENT_SLOT, withElement } from '@/lib/message-with-element';
import { formatSessionTime } from '@/lib/session-time';
import { useViewerZone } from '@/features/auth/api';
import { useClock } from '@/lib/use-clock';
import { useAppDispatch } from '@/lib/store-hooks';
import { meetApi, useGetMeetRoomQuery } from '../api';
import { CallView } from '../components/call-view';
import { PreJoin } from '../components/pre-join';
import { RoomNotice } from '../components/room-notice';
import { useLocalMedia } from '../components/use-local-media';
import { formatDuration, refusalText, roomState } from '../rules';

/**
 * /meet/{roomId} (spec §1, §2; DESIGN §4 "Meeting rooms"), full screen without the header. Only the
 * booking's two people get the room; anyone else reads that it does not exist or is not theirs. Before the
 * window the page says when it opens and opens by itself then; after it, that it is closed. The layout's
 * <main> holds it.
 */
export function MeetPage() {
  const { roomId = '' } = useParams();
  const room = useGetMeetRoomQuery(roomId);
  const now = useClock(1000);

  if (room.isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner />
        <span className="sr-only">{t('Loading the room…')}</span>
      </div>
    );
  }
  if (room.error || !room.data) {
    const notFound =
      room.error && 'status' in room.error && (room.error.status === 404 || room.error.status === 400);
    return (
      <>
        {notFound ? (
          <RoomNotice title={meetMessages.notFound} />
        ) : (
          <RoomNotice title={t('The room could not be loaded.')}>
            <Button onClick={() => void room.refetch()}>{t('Try again')}</Button>
          </RoomNotice>
        )}
      </>
    );
  }

  const state = roomState(room.data, now);
  return (
    <>
      {state === 'open' ? (
        <OpenRoom key={room.data.roomId} room={room.data} />
      ) : state === 'not-open-yet' ? (
        <NotOpenYet opensAt={room.data.opensAt} now={now} onOpen={room.refetch} />
      ) : (
        <RoomNotice title={refusalText[state]} />
      )}
    </>
  );
}

/**
 * Waits for the opening, then asks the server, which says `open: true` from then on; again every few
 * seconds while it does not (this device's clock may run ahead of the server's).
 */
function NotOpenYet({ opensAt, now, onOpen }: { opensAt: string; now: number; onOpen(): unknown }) {
  const zone = useViewerZone();
  const msLeft = Date.parse(opensAt) - now;
  const due = msLeft <= 0;
  // The query's refetch is a new function on every render: the latest is read when it is time.
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  }, [onOpen]);
  useEffect(() => {
    if (!due) return;
    open.current();
    const retry = setInterval(() => open.current(), 5000);
    return () => clearInterval(retry);
  }, [due]);
  return (
    <RoomNotice title={meetMessages.notOpenYet}>
      <p>
        {withElement(
          t('It opens on {time}, {minutes} minutes before the session starts.', {
            time: ELEMENT_SLOT,
            minutes: ROOM_OPENS_MINUTES_BEFORE,
          }),
          <time dateTime={opensAt}>{formatSessionTime(opensAt, zone)}</time>,
        )}
      </p>
      <p className="text-sm text-muted-foreground tabular-nums" aria-hidden="true">
        {t('Opens in {time}; this page opens the room by itself.', { time: formatDuration(msLeft) })}
      </p>
    </RoomNotice>
  );
}

function OpenRoom({ room }: { room: MeetRoom }) {
  const media = useLocalMedia();
  const [joined, setJoined] = useState<{ stream: MediaStream | null } | null>(null);
  const dispatch = useAppDispatch();

  // A refused handshake: a real call through the base query renews the access token, or signs the person out.
  const checkSession = useCallback(async () => {
    const result = await dispatch(
      meetApi.endpoints.getMeetRoom.initiate(room.roomId, { forceRefetch: true, subscribe: false }),
    );
    return result.isSuccess && result.data.open;
  }, [dispatch, room.roomId]);

  if (joined)
    return (
      <CallView
        room={room}
        localStream={joined.stream}
        speakerId={media.choice.speakerId}
        checkSession={checkSession}
      />
    );
  return <PreJoin room={room} media={media} onJoin={() => setJoined({ stream: media.release() })} />;
}
