import { useCallback, useEffect, useRef, useState } from 'react';
import { mediaErrorMessage, missingDeviceMessage } from '../rules';

export interface DeviceChoice {
  cameraId?: string;
  microphoneId?: string;
  speakerId?: string;
}

export interface LocalMedia {
  /** The camera and microphone, as far as they came up; null while starting or when neither did. */
  stream: MediaStream | null;
  starting: boolean;
  /** Why a device is missing or refused; the person can still join. */
  problem: string | null;
  devices: { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[]; speakers: MediaDeviceInfo[] };
  choice: DeviceChoice;
  choose(change: DeviceChoice): void;
  /** Hands the stream over to the call, which stops it; this hook then no longer stops it on unmount. */
  release(): MediaStream | null;
}

const noDevices = { cameras: [], microphones: [], speakers: [] };

/** Asks for the camera and microphone; when both at once fail, tries each alone so one missing device does not cost the other. */
async function openDevices(
  choice: DeviceChoice,
): Promise<{ stream: MediaStream | null; problem: string | null }> {
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia)
    return { stream: null, problem: mediaErrorMessage(new DOMException('', 'Unsupported')) };
  const audio: MediaTrackConstraints | boolean = choice.microphoneId
    ? { deviceId: { exact: choice.microphoneId } }
    : true;
  const video: MediaTrackConstraints | boolean = choice.cameraId
    ? { deviceId: { exact: choice.cameraId } }
    : true;
  try {
    return { stream: await media.getUserMedia({ audio, video }), problem: null };
  } catch (error) {
    if ((error as Error).name === 'NotAllowedError')
      return { stream: null, problem: mediaErrorMessage(error) };
    const [audioOnly, videoOnly] = await Promise.all([
      media.getUserMedia({ audio }).catch(() => null),
      media.getUserMedia({ video }).catch(() => null),
    ]);
    const tracks = [...(audioOnly?.getTracks() ?? []), ...(videoOnly?.getTracks() ?? [])];
    if (tracks.length === 0) return { stream: null, problem: mediaErrorMessage(error) };
    return {
      stream: new MediaStream(tracks),
      problem: missingDeviceMessage(Boolean(audioOnly), Boolean(videoOnly)),
    };
  }
}

/** The pre-join's camera and microphone with the person's choice of devices; reopened when the choice changes. */
export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [devices, setDevices] = useState<LocalMedia['devices']>(noDevices);
  const [choice, setChoice] = useState<DeviceChoice>({});
  const released = useRef<MediaStream | null>(null);

  const { cameraId, microphoneId } = choice;
  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    openDevices({ cameraId, microphoneId }).then(async (result) => {
      opened = result.stream;
      if (cancelled) {
        opened?.getTracks().forEach((track) => track.stop());
        return;
      }
      setStream(result.stream);
      setProblem(result.problem);
      setStarting(false);
      // Device labels are only readable once permission was given, so the list is read after.
      // Without permission the ids are blank and cannot be chosen, so those are left out.
      const all = ((await navigator.mediaDevices?.enumerateDevices?.().catch(() => [])) ?? []).filter(
        (device) => device.deviceId !== '',
      );
      if (!cancelled)
        setDevices({
          cameras: all.filter((d) => d.kind === 'videoinput'),
          microphones: all.filter((d) => d.kind === 'audioinput'),
          speakers: all.filter((d) => d.kind === 'audiooutput'),
        });
    });
    return () => {
      cancelled = true;
      if (opened && opened !== released.current) opened.getTracks().forEach((track) => track.stop());
    };
  }, [cameraId, microphoneId]);

  const choose = useCallback(
    (change: DeviceChoice) => setChoice((current) => ({ ...current, ...change })),
    [],
  );
  const release = useCallback(() => {
    released.current = stream;
    return stream;
  }, [stream]);

  return { stream, starting, problem, devices, choice, choose, release };
}
