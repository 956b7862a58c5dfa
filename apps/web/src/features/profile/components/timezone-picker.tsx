import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { filterTimezones } from '../availability-form';

interface TimezonePickerProps {
  id: string;
  value: string;
  zones: readonly string[];
  onChange: (zone: string) => void;
  /** How a zone is shown (and may be searched): its IANA name by default. */
  label?: (zone: string) => string;
  /** What a zone is found by when typed, if more than its label (its English name beside a translated one). */
  searchText?: (zone: string) => string;
  'aria-describedby'?: string;
}

const zoneName = (zone: string) => zone.replaceAll('_', ' ');

/**
 * A searchable list of IANA zones (the ARIA 1.2 combobox pattern): typing filters, the arrows move,
 * Enter picks, Escape closes the list (not the dialog around it), and leaving the field keeps the last pick.
 */
export function TimezonePicker({
  id,
  value,
  zones,
  onChange,
  label,
  searchText,
  ...aria
}: TimezonePickerProps) {
  const shown = label ?? zoneName;
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const open = query !== null;
  const matches = useMemo(
    () => (open ? filterTimezones(zones, query, searchText ?? label) : []),
    [open, zones, query, label, searchText],
  );
  const optionId = (index: number) => `${listId}-${index}`;

  function show(text: string) {
    setQuery(text);
    setActive(0);
  }

  function close() {
    setQuery(null);
  }

  function pick(zone: string | undefined) {
    if (zone) onChange(zone);
    close();
  }

  function move(to: number) {
    const next = Math.max(0, Math.min(matches.length - 1, to));
    setActive(next);
    list.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        // Open on the current zone, so the arrows go on from there.
        const all = filterTimezones(zones, '');
        setQuery('');
        setActive(Math.max(0, all.indexOf(value)));
        return;
      }
      move(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      move(matches.length - 1);
    } else if (event.key === 'Enter' && open) {
      // Picks the zone; never submits the form around it.
      event.preventDefault();
      pick(matches[active]);
    } else if (event.key === 'Escape' && open) {
      close();
    }
  }

  return (
    <div className="relative">
      <input
        id={id}
        role="combobox"
        type="text"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches.length > 0 ? optionId(active) : undefined}
        value={open ? query : label ? label(value) : value}
        placeholder={label ? label(value) : value}
        onChange={(event) => show(event.target.value)}
        onClick={() => !open && show('')}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={cn(
          'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent py-1 pr-9 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground md:text-sm',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        )}
        {...aria}
      />
      <ChevronsUpDown
        className="pointer-events-none absolute top-2.5 right-3 size-4 opacity-50"
        aria-hidden="true"
      />
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={t('Time zones')}
        hidden={!open}
        className="absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {matches.map((zone, index) => (
          <li
            key={zone}
            id={optionId(index)}
            role="option"
            aria-selected={zone === value}
            // Keeps the focus in the field, so picking with the pointer does not first close the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(zone)}
            className={cn(
              'flex cursor-default items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm [overflow-wrap:anywhere]',
              index === active && 'bg-accent text-accent-foreground',
            )}
          >
            {shown(zone)}
            {zone === value && <Check className="size-4 shrink-0" aria-hidden="true" />}
          </li>
        ))}
        {open && matches.length === 0 && (
          <li
            role="option"
            aria-selected={false}
            aria-disabled="true"
            className="px-2 py-1.5 text-sm text-muted-foreground"
          >
            {t('No time zone matches “{query}”', { query })}
          </li>
        )}
      </ul>
    </div>
  );
}
