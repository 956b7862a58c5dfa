import { FIRST_HOUR, LAST_HOUR, hourToTime, type Weekday } from '@skillroute/shared/availability-constants';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useWatch, type Control, type UseFormReturn, type UseFormTrigger } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { currentLocale, intlLocale, t, translate } from '@/lib/i18n';
import {
  overrideDateLabel,
  type AvailabilityDialogOutput,
  type AvailabilityValues,
} from '../availability-form';

/** The hours the From/To selects offer (spec §9): 10:00 to 17:00 on the hour. */
const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR + 1 }, (_, index) => FIRST_HOUR + index);

/**
 * An hour as the From/To selects show it: "10:00 AM" in English (the spec's form, as the wire writes it), the
 * reader's own form in another language ("10:00 am" in Hindi, as the free hours on a mentor's profile show it).
 */
function hourLabel(hour: number): string {
  if (currentLocale() === 'en') return hourToTime(hour);
  return new Intl.DateTimeFormat(intlLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hour));
}

/** A weekday of the Availability dialog, or one of its date overrides. */
type DayName = `days.${Weekday}` | `overrides.${number}`;

/** One weekday: its switch (named after the day) and From/To hours, or "Unavailable" when off. */
export function DayRow({
  name,
  label,
  control,
  trigger,
}: {
  name: DayName;
  label: string;
  control: Control<AvailabilityValues>;
  trigger: UseFormTrigger<AvailabilityValues>;
}) {
  const switchId = useId();
  const labelId = useId();
  const isAvailable = useWatch({ control, name: `${name}.isAvailable` });
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2 rounded-md border p-3">
      <div className="flex h-9 w-36 items-center gap-3">
        <Controller
          control={control}
          name={`${name}.isAvailable`}
          render={({ field }) => (
            <Switch
              id={switchId}
              checked={field.value}
              onCheckedChange={(checked) => {
                field.onChange(checked);
                void trigger(name);
              }}
            />
          )}
        />
        <Label id={labelId} htmlFor={switchId}>
          {label}
        </Label>
      </div>
      {isAvailable ? (
        <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
          <HourRange name={name} labelId={labelId} control={control} trigger={trigger} />
        </div>
      ) : (
        <p className="flex h-9 flex-1 items-center text-sm text-muted-foreground">{t('Unavailable')}</p>
      )}
    </div>
  );
}

/** From and To hour selects, with the From/To rules under them (spec §5). */
function HourRange({
  name,
  labelId,
  control,
  trigger,
}: {
  name: DayName;
  labelId: string;
  control: Control<AvailabilityValues>;
  trigger: UseFormTrigger<AvailabilityValues>;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {(['from', 'to'] as const).map((end) => (
        <HourSelect
          key={end}
          name={`${name}.${end}`}
          groupLabelId={labelId}
          label={end === 'from' ? t('From') : t('To')}
          control={control}
          onPicked={() => void trigger(name)}
        />
      ))}
    </div>
  );
}

function HourSelect({
  name,
  groupLabelId,
  label,
  control,
  onPicked,
}: {
  name: `${DayName}.${'from' | 'to'}`;
  groupLabelId: string;
  label: string;
  control: Control<AvailabilityValues>;
  onPicked: () => void;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-1">
          <span id={`${id}-label`} className="text-xs font-medium text-muted-foreground">
            {label}
          </span>
          <Select
            value={String(field.value)}
            onValueChange={(value) => {
              field.onChange(Number(value));
              onPicked();
            }}
          >
            <SelectTrigger
              ref={field.ref}
              aria-labelledby={`${groupLabelId} ${id}-label`}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? `${id}-error` : undefined}
              className="w-full"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {HOURS.map((hour) => (
                <SelectItem key={hour} value={String(hour)}>
                  {hourLabel(hour)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {fieldState.error && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-300">
              {translate(fieldState.error.message ?? '')}
            </p>
          )}
        </div>
      )}
    />
  );
}

/** A date that differs from the week: its date, "Day off" or other From/To hours, and a way to remove it. */
export function OverrideRow({
  index,
  min,
  max,
  form,
  onRemove,
}: {
  index: number;
  min: string;
  max: string;
  form: UseFormReturn<AvailabilityValues, unknown, AvailabilityDialogOutput>;
  onRemove: () => void;
}) {
  const legendId = useId();
  const dateId = useId();
  const offId = useId();
  const name = `overrides.${index}` as const;
  const date = useWatch({ control: form.control, name: `${name}.date` });
  const isAvailable = useWatch({ control: form.control, name: `${name}.isAvailable` });
  // A row just added waits before saying its date is missing: until a date is typed, the row is left, or a
  // save is tried after it was added. (Not `isDirty`: a row absent from the saved values is dirty at once.)
  const [savesBefore] = useState(form.formState.submitCount);
  const dateState = form.getFieldState(`${name}.date`, form.formState);
  const dateError =
    dateState.isTouched || date !== '' || form.formState.submitCount > savesBefore
      ? dateState.error?.message
      : undefined;
  const described = date ? overrideDateLabel(date) : t('date {number}', { number: index + 1 });
  return (
    <fieldset className="grid grid-cols-[1fr_auto] gap-3 rounded-md border p-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-start">
      <legend id={legendId} className="sr-only">
        {t('Override {number}', { number: index + 1 })}
      </legend>
      <div className="grid gap-1">
        <Label htmlFor={dateId} className="text-xs text-muted-foreground">
          {t('Date')}
        </Label>
        <Input
          id={dateId}
          type="date"
          min={min}
          max={max}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${dateId}-error` : undefined}
          className="w-full sm:w-44"
          {...form.register(`${name}.date`)}
        />
        {dateError && (
          <p id={`${dateId}-error`} className="text-sm font-medium text-destructive dark:text-red-300">
            {translate(dateError)}
          </p>
        )}
      </div>
      <div className="col-span-2 flex h-9 items-center gap-2 sm:col-span-1 sm:mt-5">
        <Controller
          control={form.control}
          name={`${name}.isAvailable`}
          render={({ field }) => (
            <Switch
              id={offId}
              checked={!field.value}
              onCheckedChange={(dayOff) => {
                field.onChange(!dayOff);
                void form.trigger(name);
              }}
            />
          )}
        />
        <Label htmlFor={offId}>{t('Day off')}</Label>
      </div>
      {isAvailable && (
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <HourRange name={name} labelId={legendId} control={form.control} trigger={form.trigger} />
        </div>
      )}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="col-start-2 row-start-1 mt-5 sm:col-start-4"
        aria-label={t('Remove the override for {day}', { day: described })}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </fieldset>
  );
}
