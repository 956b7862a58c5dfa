import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';

/** How loud the microphone is, 0–100, from a WebAudio analyser; a meter the person watches while speaking. */
export function MicLevel({ stream }: { stream: MediaStream | null }) {
  const [level, setLevel] = useState(0);
  const track = stream?.getAudioTracks()[0];

  useEffect(() => {
    if (!stream || !track || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const read = () => {
      analyser.getByteTimeDomainData(samples);
      // The peak distance from silence (128) in this frame, as a share of the full swing.
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 140)));
      frame = requestAnimationFrame(read);
    };
    frame = requestAnimationFrame(read);
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream, track]);

  if (!track) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span id="mic-level-label" className="text-muted-foreground">
        {t('Microphone level')}
      </span>
      <div
        role="meter"
        aria-labelledby="mic-level-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full bg-emerald-500 transition-[width] duration-75"
          style={{ width: `${level}%` }}
        />
      </div>
    </div>
  );
}
