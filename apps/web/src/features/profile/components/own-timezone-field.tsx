import { zoneListName } from '@skillroute/shared/time-zones';
import { useId, useMemo, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { t } from '@/lib/i18n';
import { displayLocale } from '@/lib/time-zones';
import { timezoneNames } from '../availability-form';
import { TimezonePicker } from './timezone-picker';

// Names are worked out once per zone and language: the list filters on them at every key.
const listNames = new Map<string, string>();
function listName(zone: string, locale: string): string {
  const key = `${locale} ${zone}`;
  let name = listNames.get(key);
  if (name === undefined) {
    name = zoneListName(zone, Date.now(), locale);
    listNames.set(key, name);
  }
  return name;
}

/** A zone by the name people know, in the reader's language ("Eastern Time (New York)"). */
const label = (zone: string): string => listName(zone, displayLocale());

/** What a zone is found by: its name in the reader's language and in English ("India" finds Kolkata in Hindi too). */
const searchText = (zone: string): string => {
  const shown = label(zone);
  const english = listName(zone, 'en-US');
  return shown === english ? shown : `${shown} ${english}`;
};

interface OwnTimezoneFieldProps {
  /** The zone the person reads times in now (IANA). */
  value: string;
  /** Saves a picked zone; false when it was not saved (the field goes back to the saved one). */
  onSave: (zone: string) => Promise<boolean>;
}

/**
 * The person's own time zone (DESIGN.md §4b): every time the app shows or mails them is written in it. The zones
 * are the Availability dialog's list, each by the name people know ("Eastern Time (New York)").
 */
export function OwnTimezoneField({ value, onSave }: OwnTimezoneFieldProps) {
  const id = useId();
  const hintId = `${id}-note`;
  const [pending, setPending] = useState<string | null>(null);
  const zones = useMemo(() => {
    const names = timezoneNames();
    return names.includes(value) ? names : [...names, value].sort((a, b) => a.localeCompare(b));
  }, [value]);

  async function pick(zone: string) {
    if (zone === value) return;
    setPending(zone);
    try {
      await onSave(zone);
    } finally {
      setPending(null);
    }
  }

  return (
    <FormField id={id} label={t('Time zone')}>
      {(control) => (
        <div className="grid gap-1">
          <TimezonePicker
            id={control.id}
            value={pending ?? value}
            zones={zones}
            label={label}
            searchText={searchText}
            onChange={(zone) => void pick(zone)}
            aria-describedby={hintId}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            {t('Every time we show you or send you, in mails and notifications too, is in this zone.')}
          </p>
        </div>
      )}
    </FormField>
  );
}
