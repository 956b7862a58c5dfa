import { MicOff } from 'lucide-react';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { initialsOf } from '../rules';

/** In place of a video that stopped: who it is (initials) and that the camera is off, not a frozen frame. */
export function CameraOffTile({ name, className }: { name: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={t('{name}’s camera is off', { name })}
      className={cn('flex size-full flex-col items-center justify-center gap-3 text-white', className)}
    >
      <span
        aria-hidden="true"
        className="grid size-20 place-items-center rounded-full bg-white/15 text-2xl font-semibold sm:size-28 sm:text-4xl"
      >
        {initialsOf(name)}
      </span>
      <span aria-hidden="true" className="text-sm text-white/80">
        {t('Camera off')}
      </span>
    </div>
  );
}

/** On the other person's tile while their microphone is off: seen over a picture or the dark tile alike. */
export function MutedMark({ name, className }: { name: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={t('{name} is muted', { name })}
      className={cn(
        'flex items-center gap-1.5 rounded-full border border-white/25 bg-black/75 px-2.5 py-1 text-xs font-medium text-white',
        className,
      )}
    >
      <MicOff aria-hidden="true" className="size-4 text-red-400" />
      <span aria-hidden="true">{t('Muted')}</span>
    </span>
  );
}
