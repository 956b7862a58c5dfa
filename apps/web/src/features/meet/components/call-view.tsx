import type { MeetRoom } from '@skillroute/shared/meet';
import { Mic, MicOff, MonitorUp, MonitorX, PhoneOff, Video, VideoOff, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { useClock } from '@/lib/use-clock';
import { cn } from '@/lib/utils';
import { presenceText, sessionCountdown, shortcutFor } from '../rules';
import { CameraOffTile, MutedMark } from './camera-off-tile';
import { ChatPanel } from './chat-panel';
import { RoomNotice } from './room-notice';
import { useMeetCall } from './use-meet-call';
import { VideoTile } from './video-tile';

const canShareScreen = () =>
  typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getDisplayMedia);

/** The call: the other person large, oneself small, the controls, the chat, presence and the time left. */
export function CallView({
  room,
  localStream,
  speakerId,
  checkSession,
}: {
  room: MeetRoom;
  localStream: MediaStream | null;
  speakerId?: string;
  checkSession(): Promise<boolean>;
}) {
  const call = useMeetCall({ room, localStream, checkSession });
  const navigate = useNavigate();
  const now = useClock(1000);
  const { toggleMute, toggleCamera } = call;
  const title = useRef<HTMLHeadingElement>(null);
  // The Join button is gone: focus starts at the top of the call rather than being lost to the page.
  useEffect(() => title.current?.focus(), []);
  const hasAudio = Boolean(localStream?.getAudioTracks().length);
  const hasVideo = Boolean(localStream?.getVideoTracks().length);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const shortcut = shortcutFor(event);
      if (!shortcut || event.repeat) return;
      event.preventDefault();
      // As the buttons: nothing to mute without a microphone, nothing to turn off without a camera.
      if (shortcut === 'mute' && hasAudio) toggleMute();
      if (shortcut === 'camera' && hasVideo) toggleCamera();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleMute, toggleCamera, hasAudio, hasVideo]);

  if (call.refused) return <RoomNotice title={call.refused} focusTitle />;
  if (call.elsewhere)
    return (
      <RoomNotice title={call.elsewhere.message} focusTitle>
        <p className="text-muted-foreground">
          {call.elsewhere.moved
            ? t('The call with {name} goes on in the other tab.', { name: room.peer.name })
            : t(
                'You are in the call with {name} in another tab. Use this tab instead, and the other one leaves the call.',
                { name: room.peer.name },
              )}
        </p>
        <Button onClick={call.useHere}>{t('Use here instead')}</Button>
      </RoomNotice>
    );

  // Until the join is answered nobody knows whether the other person is there.
  const presence = presenceText(room.peer.name, call.socketState === 'connecting' ? null : call.peerPresent);
  const peerCameraOff = call.peerPresent && call.peerCameraOff;
  const reconnecting =
    call.socketState === 'reconnecting' ||
    call.peerConnectionState === 'disconnected' ||
    call.peerConnectionState === 'failed';

  function leave() {
    call.leave();
    void navigate('/profile/bookings');
  }

  return (
    <section
      aria-labelledby="call-title"
      className="flex min-h-dvh flex-col gap-3 bg-background p-3 lg:h-dvh"
    >
      <h1 id="call-title" ref={title} tabIndex={-1} className="sr-only">
        {t('Session with {name}', { name: room.peer.name })}
      </h1>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="polite" className="font-medium">
          {presence}
        </p>
        {/* The tile and the mark are seen; this says them to a screen reader as they change. */}
        <p aria-live="polite" className="sr-only">
          {peerCameraOff && `${t('{name}’s camera is off.', { name: room.peer.name })} `}
          {call.peerPresent && call.peerMuted && t('{name} is muted.', { name: room.peer.name })}
        </p>
        <p className="tabular-nums text-muted-foreground">
          {sessionCountdown(room.booking.endTime, room.closesAt, now)}
        </p>
      </div>
      <div role="status" aria-live="polite">
        {reconnecting && (
          <p className="flex items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-100">
            <WifiOff aria-hidden="true" className="size-4" />
            {t('Reconnecting…')}
          </p>
        )}
      </div>
      <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[1fr_20rem]">
        <div className="relative min-h-64 overflow-hidden rounded-xl bg-black">
          {call.remoteStream && (
            // Kept playing under a camera-off tile: the sound comes through it.
            <VideoTile
              stream={call.remoteStream}
              speakerId={speakerId}
              label={t('{name}’s video', { name: room.peer.name })}
              className={cn('size-full object-contain', peerCameraOff && 'invisible absolute')}
            />
          )}
          {peerCameraOff ? (
            <CameraOffTile name={room.peer.name} className="min-h-64" />
          ) : call.remoteStream ? null : (
            <div className="flex size-full min-h-64 items-center justify-center text-white/80">
              {presence}
            </div>
          )}
          {call.peerPresent && call.peerMuted && (
            <MutedMark name={room.peer.name} className="absolute top-3 left-3" />
          )}
          <div className="absolute right-3 bottom-3 w-32 overflow-hidden rounded-lg border border-white/30 bg-black shadow-lg sm:w-48">
            {hasVideo && !call.cameraOff ? (
              <VideoTile
                stream={localStream}
                muted
                mirrored
                label={t('Your video')}
                className="aspect-video w-full"
              />
            ) : (
              <div className="flex aspect-video items-center justify-center text-xs text-white/80">
                {t('Your camera is off')}
              </div>
            )}
          </div>
        </div>
        <ChatPanel
          messages={call.messages}
          selfId={room.self.id}
          peerName={room.peer.name}
          onSend={call.sendChat}
          inRoom={call.socketState === 'connected'}
        />
      </div>
      {/* Toggles keep one name and say their state with aria-pressed (a name that flips as well would read "Unmute, pressed"). */}
      <div
        role="toolbar"
        aria-label={t('Call controls')}
        className="flex flex-wrap items-center justify-center gap-2"
      >
        <Button
          variant={call.muted ? 'destructive' : 'secondary'}
          aria-pressed={call.muted}
          aria-keyshortcuts="M"
          disabled={!hasAudio}
          onClick={toggleMute}
        >
          {call.muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
          {t('Mute')}
          <kbd className="text-xs opacity-70">M</kbd>
        </Button>
        <Button
          variant={call.cameraOff ? 'destructive' : 'secondary'}
          aria-pressed={call.cameraOff}
          aria-keyshortcuts="V"
          disabled={!hasVideo}
          onClick={toggleCamera}
        >
          {call.cameraOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
          {t('Camera off')}
          <kbd className="text-xs opacity-70">V</kbd>
        </Button>
        {canShareScreen() && (
          <Button variant="secondary" aria-pressed={call.sharing} onClick={() => void call.toggleShare()}>
            {call.sharing ? <MonitorX aria-hidden="true" /> : <MonitorUp aria-hidden="true" />}
            {t('Share screen')}
          </Button>
        )}
        <Button variant="destructive" onClick={leave}>
          <PhoneOff aria-hidden="true" />
          {t('Leave')}
        </Button>
      </div>
    </section>
  );
}
