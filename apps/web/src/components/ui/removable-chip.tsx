import { X } from 'lucide-react';
import { t } from '@/lib/i18n';

/** A chosen value shown as a chip, taken away by its cross (e.g. a language); as a list item. */
export function RemovableChip({
  label,
  onRemove,
  disabled,
}: {
  label: string;
  onRemove: () => void;
  disabled?: boolean;
}) {
  return (
    <li
      data-slot="removable-chip"
      className="flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-3 text-sm text-secondary-foreground"
    >
      {label}
      <button
        type="button"
        aria-label={t('Remove {label}', { label })}
        disabled={disabled}
        onClick={onRemove}
        className="rounded-full p-1 outline-none hover:bg-background/60 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}
