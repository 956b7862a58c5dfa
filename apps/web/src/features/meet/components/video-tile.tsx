import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

type SinkableVideo = HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> };

/** A stream in a <video>; `speakerId` picks the output device where the browser lets a page do so. */
export function VideoTile({
  stream,
  muted = false,
  mirrored = false,
  speakerId,
  label,
  className,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  mirrored?: boolean;
  speakerId?: string;
  label: string;
  className?: string;
}) {
  const video = useRef<SinkableVideo>(null);

  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    if (speakerId && video.current?.setSinkId) video.current.setSinkId(speakerId).catch(() => {});
  }, [speakerId]);

  return (
    <video
      ref={video}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      className={cn('bg-black object-cover', mirrored && '-scale-x-100', className)}
    />
  );
}
