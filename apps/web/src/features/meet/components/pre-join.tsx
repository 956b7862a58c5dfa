import type { MeetRoom } from '@skillroute/shared/meet';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { t, translate } from '@/lib/i18n';
import { MicLevel } from './mic-level';
import type { LocalMedia } from './use-local-media';
import { VideoTile } from './video-tile';

/** A device picker; hidden when the browser lists none of the kind. */
function DevicePicker({
  id,
  label,
  devices,
  value,
  onChange,
}: {
  id: string;
  label: string;
  devices: MediaDeviceInfo[];
  value?: string;
  onChange(deviceId: string): void;
}) {
  if (devices.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? devices[0]!.deviceId} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {devices.map((device, index) => (
            <SelectItem key={device.deviceId} value={device.deviceId}>
              {/* The device's own name, as the system gives it, is not ours to translate. */}
              {device.label ? <span translate="no">{device.label}</span> : `${label} ${index + 1}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const canPickSpeaker = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/** Before the call: the person sees and hears themselves, picks devices, and joins with what they have. */
export function PreJoin({ room, media, onJoin }: { room: MeetRoom; media: LocalMedia; onJoin(): void }) {
  return (
    <section
      aria-labelledby="pre-join-title"
      className="mx-auto grid w-full max-w-5xl flex-1 items-center gap-8 px-4 py-10 md:grid-cols-[3fr_2fr]"
    >
      <div className="relative aspect-video overflow-hidden rounded-xl border bg-black">
        {media.stream?.getVideoTracks().length ? (
          <VideoTile
            stream={media.stream}
            muted
            mirrored
            label={t('Your camera preview')}
            className="size-full"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-white/80">
            {media.starting ? <Spinner /> : t('Your camera is off')}
          </div>
        )}
      </div>
      <div className="flex flex-col gap-5">
        <div>
          <h1 id="pre-join-title" className="text-2xl font-semibold tracking-tight">
            {t('Ready to join?')}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t('Your session with {name}', { name: room.peer.name })}
          </p>
        </div>
        {media.problem && (
          <p
            role="alert"
            className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-100"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {translate(media.problem)}
          </p>
        )}
        <MicLevel stream={media.stream} />
        <DevicePicker
          id="camera"
          label={t('Camera')}
          devices={media.devices.cameras}
          value={media.choice.cameraId}
          onChange={(cameraId) => media.choose({ cameraId })}
        />
        <DevicePicker
          id="microphone"
          label={t('Microphone')}
          devices={media.devices.microphones}
          value={media.choice.microphoneId}
          onChange={(microphoneId) => media.choose({ microphoneId })}
        />
        {canPickSpeaker() && (
          <DevicePicker
            id="speaker"
            label={t('Speaker')}
            devices={media.devices.speakers}
            value={media.choice.speakerId}
            onChange={(speakerId) => media.choose({ speakerId })}
          />
        )}
        <Button size="lg" onClick={onJoin} disabled={media.starting}>
          {t('Join now')}
        </Button>
      </div>
    </section>
  );
}
