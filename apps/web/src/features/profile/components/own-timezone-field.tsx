import { zoneListName } from '@skillroute/shared/time-zones';
import { useId, useMemo, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { timezoneNames } from '../availability-form';
import { TimezonePicker } from './timezone-picker';

// Names are worked out once per zone: the list filters on them at every key.
const listNames = new Map<string, string>();
function label(zone: string): string {
  let name = listNames.get(zone);
  if (name === undefined) {
    name = zoneListName(zone);
    listNames.set(zone, name);
  }
  return name;
}

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
    <FormField id={id} label="Time zone">
      {(control) => (
        <div className="grid gap-1">
          <TimezonePicker
            id={control.id}
            value={pending ?? value}
            zones={zones}
            label={label}
            onChange={(zone) => void pick(zone)}
            aria-describedby={hintId}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            Every time we show you or send you, in mails and notifications too, is in this zone.
          </p>
        </div>
      )}
    </FormField>
  );
}
