import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_HORIZON_DAYS,
  DATE_OVERRIDES_MAX,
  RATE_MIN,
  RATE_STEP,
  WEEKDAYS,
  availabilityMessages,
  weekdayLabel,
  type Availability,
} from '@skillroute/shared/availability';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { CalendarClock, Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useGetAvailabilityQuery, useUpdateAvailabilityMutation } from '@/features/mentors/api';
import {
  applyToAllDays,
  availabilityBody,
  availabilityDialogSchema,
  browserTimezone,
  newOverride,
  overrideDateRange,
  timezoneNames,
  valuesFromAvailability,
  type AvailabilityDialogOutput,
  type AvailabilityValues,
} from '../availability-form';
import { DayRow, OverrideRow } from './availability-rows';
import { BookingSettingsPart } from './booking-settings-part';
import { TimezonePicker } from './timezone-picker';

/**
 * "Manage Availability" and the Availability dialog (spec §2, §3, §5, §8): the hourly rate, Monday to
 * Friday as from/to hours, and beyond the spec the mentor's zone and date overrides for the next 60 days, and
 * the booking settings (saved on their own). The week is read only while the dialog is open (spec §6).
 */
export function AvailabilityDialog({ mentorId }: { mentorId: string }) {
  const [open, setOpen] = useState(false);
  const availability = useGetAvailabilityQuery(mentorId, { skip: !open, refetchOnMountOrArgChange: true });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="justify-self-start">
          <CalendarClock aria-hidden="true" />
          {t('Manage Availability')}
        </Button>
      </DialogTrigger>
      <DialogContent
        showCloseButton={false}
        className="sm:max-w-2xl"
        // Escape in the open zone list closes the list only.
        onEscapeKeyDown={(event) => {
          if (
            event.target instanceof HTMLElement &&
            event.target.getAttribute('role') === 'combobox' &&
            event.target.getAttribute('aria-expanded') === 'true'
          )
            event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('Availability')}</DialogTitle>
          <DialogDescription>
            {t('Your hourly rate and the hours mentees can book you, Monday to Friday.')}
          </DialogDescription>
        </DialogHeader>
        {availability.data && !availability.isFetching ? (
          <>
            <BookingSettingsPart />
            <AvailabilityForm
              mentorId={mentorId}
              availability={availability.data}
              onSaved={() => setOpen(false)}
            />
          </>
        ) : availability.isError && !availability.isFetching ? (
          <>
            <FormAlert>
              {errorMessage(availability.error, t('Your availability could not be loaded.'))}
            </FormAlert>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('Close')}
                </Button>
              </DialogClose>
              <Button type="button" onClick={() => void availability.refetch()}>
                {t('Try again')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <div aria-busy="true" aria-label={t('Loading your availability')} className="grid gap-3">
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

function AvailabilityForm({
  mentorId,
  availability,
  onSaved,
}: {
  mentorId: string;
  availability: Availability;
  onSaved: () => void;
}) {
  const [initial] = useState(() => valuesFromAvailability(availability, browserTimezone()));
  const zones = useMemo(() => {
    const names = timezoneNames();
    return names.includes(initial.timezone)
      ? names
      : [...names, initial.timezone].sort((a, b) => a.localeCompare(b));
  }, [initial.timezone]);
  // Override dates are checked against today in the chosen zone, as the api checks them.
  const resolver: Resolver<AvailabilityValues, unknown, AvailabilityDialogOutput> = (
    values,
    context,
    options,
  ) =>
    (
      zodResolver(availabilityDialogSchema(overrideDateRange(values.timezone))) as unknown as Resolver<
        AvailabilityValues,
        unknown,
        AvailabilityDialogOutput
      >
    )(values, context, options);
  const form = useForm<AvailabilityValues, unknown, AvailabilityDialogOutput>({
    resolver,
    defaultValues: initial,
    mode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const overrides = useFieldArray({ control: form.control, name: 'overrides' });
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  const range = overrideDateRange(timezone);
  const [save] = useUpdateAvailabilityMutation();
  const ids = { rate: useId(), zone: useId(), zoneNote: useId(), overrides: useId() };

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await save(availabilityBody(mentorId, values));
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(result.error, availabilityMessages.saveFailedFallback),
      });
      return;
    }
    toast({
      title: translate(availabilityMessages.savedTitle),
      description: translate(availabilityMessages.savedDescription),
    });
    onSaved();
  });

  function applyToAll() {
    form.setValue('days', applyToAllDays(form.getValues('days')), { shouldDirty: true });
    void form.trigger('days');
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={ids.rate}
          label={t('Hourly Rate')}
          error={errors.pricePerSession?.message}
          hint={t('In rupees, in steps of {step}.', { step: RATE_STEP })}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={RATE_MIN}
              step={RATE_STEP}
              placeholder={String(RATE_MIN * 10)}
              {...form.register('pricePerSession', {
                setValueAs: (value: unknown) =>
                  value === '' || value === undefined || value === null ? undefined : Number(value),
              })}
            />
          )}
        </FormField>
        <FormField id={ids.zone} label={t('Time zone')} error={errors.timezone?.message}>
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
        {t('You will receive bookings in your local timezone:')}{' '}
        <span className="font-medium text-foreground">{timezone}</span>
      </p>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('Weekly hours')}</legend>
        {WEEKDAYS.map((day) => (
          <DayRow
            key={day}
            name={`days.${day}`}
            label={translate(weekdayLabel(day))}
            control={form.control}
            trigger={form.trigger}
          />
        ))}
        <p className="text-sm text-muted-foreground">
          {t('To apply this slot to all days')}{' '}
          <Button type="button" variant="link" className="h-auto p-0 align-baseline" onClick={applyToAll}>
            {t('Click here')}
          </Button>
        </p>
      </fieldset>

      <fieldset className="grid gap-3" aria-describedby={ids.overrides}>
        <legend className="mb-1 text-sm font-semibold">{t('Date overrides')}</legend>
        <p id={ids.overrides} className="text-sm text-muted-foreground">
          {t('A day off, or other hours, on a date in the next {days} days.', { days: BOOKING_HORIZON_DAYS })}
        </p>
        {overrides.fields.map((field, index) => (
          <OverrideRow
            key={field.id}
            index={index}
            min={range.min}
            max={range.max}
            form={form}
            onRemove={() => overrides.remove(index)}
          />
        ))}
        {errors.overrides?.root?.message && (
          <p className="text-sm font-medium text-destructive dark:text-red-300">
            {translate(errors.overrides.root.message)}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={overrides.fields.length >= DATE_OVERRIDES_MAX}
          onClick={() => overrides.append(newOverride())}
        >
          <Plus aria-hidden="true" />
          {t('Add a date')}
        </Button>
      </fieldset>

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('Close')}
          </Button>
        </DialogClose>
        <SubmitButton pending={isSubmitting} size="default" className="sm:w-auto">
          {t('Save')}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
