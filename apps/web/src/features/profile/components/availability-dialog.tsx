import { zodResolver } from '@hookform/resolvers/zod';
import { AVAILABILITY_DAYS_AHEAD, FIRST_HOUR, LAST_HOUR, RATE_MIN, RATE_STEP, WEEKDAYS, availabilityMessages, hourToTime, weekdayLabel, type Availability } from '@skillroute/shared/availability';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { CalendarClock, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type Resolver, type UseFormTrigger } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { useGetAvailabilityQuery, useUpdateAvailabilityMutation } from '@/features/mentors/api';
import {
  applyToAllDays,
  availabilityBody,
  availabilityDialogSchema,
  browserTimezone,
  newOverride,
  overrideDateLabel,
  overrideDateRange,
  timezoneNames,
  valuesFromAvailability,
  type AvailabilityDialogOutput,
  type AvailabilityValues,
} from '../availability-form';
import { TimezonePicker } from './timezone-picker';

const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR + 1 }, (_, index) => FIRST_HOUR + index);

/**
 * "Manage Availability" and the Availability dialog (spec §2, §3, §5, §8): the hourly rate, Monday to
 * Friday as from/to hours, and beyond the spec the mentor's zone and date overrides for the next 60 days.
 * The week is read only while the dialog is open (spec §6).
 */
export function AvailabilityDialog({ mentorId }: { mentorId: string }) {
  const [open, setOpen] = useState(false);
  const availability = useGetAvailabilityQuery(mentorId, { skip: !open, refetchOnMountOrArgChange: true });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="justify-self-start">
          <CalendarClock aria-hidden="true" />
          Manage Availability
        </Button>
      </DialogTrigger>
      <DialogContent
        showCloseButton={false}
        className="sm:max-w-2xl"
        // Escape in the open zone list closes the list only.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof HTMLElement && event.target.getAttribute('role') === 'combobox' && event.target.getAttribute('aria-expanded') === 'true') event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Availability</DialogTitle>
          <DialogDescription>Your hourly rate and the hours mentees can book you, Monday to Friday.</DialogDescription>
        </DialogHeader>
        {availability.data && !availability.isFetching ? (
          <AvailabilityForm mentorId={mentorId} availability={availability.data} onSaved={() => setOpen(false)} />
        ) : availability.isError && !availability.isFetching ? (
          <>
            <FormAlert>{errorMessage(availability.error, 'Your availability could not be loaded.')}</FormAlert>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Close
                </Button>
              </DialogClose>
              <Button type="button" onClick={() => void availability.refetch()}>
                Try again
              </Button>
            </DialogFooter>
          </>
        ) : (
          <div aria-busy="true" aria-label="Loading your availability" className="grid gap-3">
            <Skeleton className="h-9 w-1/2" />
            {WEEKDAYS.map((day) => (
              <Skeleton key={day} className="h-9 w-full" />
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AvailabilityForm({ mentorId, availability, onSaved }: { mentorId: string; availability: Availability; onSaved: () => void }) {
  const [initial] = useState(() => valuesFromAvailability(availability, browserTimezone()));
  const zones = useMemo(() => {
    const names = timezoneNames();
    return names.includes(initial.timezone) ? names : [...names, initial.timezone].sort((a, b) => a.localeCompare(b));
  }, [initial.timezone]);
  // Override dates are checked against today in the chosen zone, as the api checks them.
  const resolver: Resolver<AvailabilityValues, unknown, AvailabilityDialogOutput> = (values, context, options) =>
    (zodResolver(availabilityDialogSchema(overrideDateRange(values.timezone))) as unknown as Resolver<AvailabilityValues, unknown, AvailabilityDialogOutput>)(values, context, options);
  const form = useForm<AvailabilityValues, unknown, AvailabilityDialogOutput>({ resolver, defaultValues: initial, mode: 'onChange' });
  const { errors, isSubmitting } = form.formState;
  const overrides = useFieldArray({ control: form.control, name: 'overrides' });
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  const range = overrideDateRange(timezone);
  const [save] = useUpdateAvailabilityMutation();
  const ids = { rate: useId(), zone: useId(), zoneNote: useId(), overrides: useId() };

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await save(availabilityBody(mentorId, values));
    if ('error' in result) {
      toast({ variant: 'destructive', title: FAILURE_TITLE, description: errorMessage(result.error, availabilityMessages.saveFailedFallback) });
      return;
    }
    toast({ title: availabilityMessages.savedTitle, description: availabilityMessages.savedDescription });
    onSaved();
  });

  function applyToAll() {
    form.setValue('days', applyToAllDays(form.getValues('days')), { shouldDirty: true });
    void form.trigger('days');
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids.rate} label="Hourly Rate" error={errors.pricePerSession?.message} hint="In rupees, in steps of 100.">
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={RATE_MIN}
              step={RATE_STEP}
              placeholder={String(RATE_MIN * 10)}
              {...form.register('pricePerSession', { setValueAs: (value: unknown) => (value === '' || value === undefined || value === null ? undefined : Number(value)) })}
            />
          )}
        </FormField>
        <FormField id={ids.zone} label="Time zone" error={errors.timezone?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <TimezonePicker
                  id={control.id}
                  aria-describedby={[ids.zoneNote, control['aria-describedby']].filter(Boolean).join(' ')}
                  value={field.value}
                  zones={zones}
                  onChange={(zone) => {
                    field.onChange(zone);
                    if (form.getValues('overrides').length > 0) void form.trigger('overrides');
                  }}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <p id={ids.zoneNote} aria-live="polite" className="-mt-2 text-sm text-muted-foreground">
        You will receive bookings in your local timezone: <span className="font-medium text-foreground">{timezone}</span>
      </p>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Weekly hours</legend>
        {WEEKDAYS.map((day) => (
          <DayRow key={day} name={`days.${day}`} label={weekdayLabel(day)} control={form.control} trigger={form.trigger} />
        ))}
        <p className="text-sm text-muted-foreground">
          To apply this slot to all days{' '}
          <Button type="button" variant="link" className="h-auto p-0 align-baseline" onClick={applyToAll}>
            Click here
          </Button>
        </p>
      </fieldset>

      <fieldset className="grid gap-3" aria-describedby={ids.overrides}>
        <legend className="mb-1 text-sm font-semibold">Date overrides</legend>
        <p id={ids.overrides} className="text-sm text-muted-foreground">
          A day off, or other hours, on a date in the next {AVAILABILITY_DAYS_AHEAD} days.
        </p>
        {overrides.fields.map((field, index) => (
          <OverrideRow key={field.id} index={index} min={range.min} max={range.max} form={form} onRemove={() => overrides.remove(index)} />
        ))}
        {errors.overrides?.root?.message && <p className="text-sm font-medium text-destructive dark:text-red-300">{errors.overrides.root.message}</p>}
        <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={overrides.fields.length >= AVAILABILITY_DAYS_AHEAD} onClick={() => overrides.append(newOverride())}>
          <Plus aria-hidden="true" />
          Add a date
        </Button>
      </fieldset>

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Close
          </Button>
        </DialogClose>
        <SubmitButton pending={isSubmitting} size="default" className="sm:w-auto">
          Save
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

type DayName = `days.${(typeof WEEKDAYS)[number]}` | `overrides.${number}`;

/** One weekday: its switch (named after the day) and From/To hours, or "Unavailable" when off. */
function DayRow({ name, label, control, trigger }: { name: DayName; label: string; control: Control<AvailabilityValues>; trigger: UseFormTrigger<AvailabilityValues> }) {
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
        <p className="flex h-9 flex-1 items-center text-sm text-muted-foreground">Unavailable</p>
      )}
    </div>
  );
}

/** From and To hour selects, with the From/To rules under them (spec §5). */
function HourRange({ name, labelId, control, trigger }: { name: DayName; labelId: string; control: Control<AvailabilityValues>; trigger: UseFormTrigger<AvailabilityValues> }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {(['from', 'to'] as const).map((end) => (
        <HourSelect key={end} name={`${name}.${end}`} groupLabelId={labelId} label={end === 'from' ? 'From' : 'To'} control={control} onPicked={() => void trigger(name)} />
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
                  {hourToTime(hour)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {fieldState.error && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-300">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}

/** A date that differs from the week: its date, "Day off" or other From/To hours, and a way to remove it. */
function OverrideRow({
  index,
  min,
  max,
  form,
  onRemove,
}: {
  index: number;
  min: string;
  max: string;
  form: ReturnType<typeof useForm<AvailabilityValues, unknown, AvailabilityDialogOutput>>;
  onRemove: () => void;
}) {
  const legendId = useId();
  const dateId = useId();
  const offId = useId();
  const name = `overrides.${index}` as const;
  const date = useWatch({ control: form.control, name: `${name}.date` });
  const isAvailable = useWatch({ control: form.control, name: `${name}.isAvailable` });
  // A row just added waits for its date before saying one is missing.
  const dateState = form.getFieldState(`${name}.date`, form.formState);
  const dateError = dateState.isTouched || dateState.isDirty || form.formState.isSubmitted ? dateState.error?.message : undefined;
  const described = date ? overrideDateLabel(date) : `date ${index + 1}`;
  return (
    <fieldset className="grid grid-cols-[1fr_auto] gap-3 rounded-md border p-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-start">
      <legend id={legendId} className="sr-only">
        Override {index + 1}
      </legend>
      <div className="grid gap-1">
        <Label htmlFor={dateId} className="text-xs text-muted-foreground">
          Date
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
            {dateError}
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
        <Label htmlFor={offId}>Day off</Label>
      </div>
      {isAvailable && (
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <HourRange name={name} labelId={legendId} control={form.control} trigger={form.trigger} />
        </div>
      )}
      <Button type="button" variant="ghost" size="icon" className="col-start-2 row-start-1 mt-5 sm:col-start-4" aria-label={`Remove the override for ${described}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
    </fieldset>
  );
}
