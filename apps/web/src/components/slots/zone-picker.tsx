import { Check, ChevronsUpDown, Globe } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { listTimeZones, searchTimeZones, zoneLabel } from '@/lib/time-zones';

/**
 * A searchable list of every zone the browser knows (Intl.supportedValuesOf), as a combobox: type to narrow,
 * arrows to move, Enter to choose, Escape to close.
 */
export function ZonePicker({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const zones = useMemo(() => listTimeZones(zone), [zone]);
  const matches = useMemo(() => searchTimeZones(zones, query), [zones, query]);
  const activeZone = matches[Math.min(active, matches.length - 1)];

  const choose = (next: string) => {
    onChange(next);
    setOpen(false);
  };
  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(Math.max(0, zones.indexOf(zone)));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
      PageDown: Math.min(active + 10, last),
      PageUp: Math.max(active - 10, 0),
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key] ?? 0;
      setActive(next);
      document.getElementById(`${id}-option-${next}`)?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && activeZone) {
      event.preventDefault();
      choose(activeZone);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger
        aria-label={t('Time zone: {zone}', { zone: zoneLabel(zone) })}
        className="inline-flex h-9 w-full items-center gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 dark:bg-input/30"
      >
        <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">{zoneLabel(zone)}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-72 rounded-md border bg-popover p-2 text-popover-foreground shadow-md outline-none"
        >
          <Input
            role="combobox"
            aria-label={t('Search time zones')}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={activeZone ? `${id}-option-${matches.indexOf(activeZone)}` : undefined}
            placeholder={t('Search, e.g. New York')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul
            id={`${id}-list`}
            role="listbox"
            aria-label={t('Time zones')}
            className="mt-2 max-h-64 overflow-y-auto"
          >
            {matches.map((item, index) => (
              // Options are reached through the search field (aria-activedescendant), as a combobox's are.
              <li
                key={item}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={item === zone}
                onClick={() => choose(item)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                  item === activeZone && 'bg-accent text-accent-foreground',
                )}
              >
                <Check
                  className={cn('size-4 shrink-0', item === zone ? 'opacity-100' : 'opacity-0')}
                  aria-hidden="true"
                />
                {zoneLabel(item)}
              </li>
            ))}
            {matches.length === 0 && (
              <li className="px-2 py-1.5 text-sm text-muted-foreground">
                {t('No time zone matches “{query}”.', { query })}
              </li>
            )}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
