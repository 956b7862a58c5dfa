import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUFFER_MINUTES_CHOICES,
  MAX_SESSIONS_PER_DAY_MAX,
  MAX_SESSIONS_PER_DAY_MIN,
  MINIMUM_NOTICE_HOURS_MAX,
  MINIMUM_NOTICE_HOURS_MIN,
  bookingSettingsMessages,
  bookingSettingsSchema,
  type BookingSettings,
} from '@skillroute/shared/booking-settings';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useGetBookingSettingsQuery, useUpdateBookingSettingsMutation } from '@/features/mentors/api';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[invalid=true]:border-destructive md:text-sm dark:bg-input/30';

/** An empty input is undefined (the schema then names the rule), anything else a number. */
const asNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

const bufferLabel = (minutes: number) =>
  minutes === 0 ? t('No buffer') : t('{minutes} minutes', { minutes });

/**
 * The Availability dialog's "Booking settings" part (DESIGN.md §4b "Session lifecycle"): minimum notice, a
 * buffer around sessions and sessions per day, checked with the shared schema and saved on their own. Free
 * hours on the profile follow at once (the save reads them again).
 */
export function BookingSettingsPart() {
  const settings = useGetBookingSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-md border p-4">
      <h3 id={titleId} className="text-sm font-semibold">
        {t('Booking settings')}
      </h3>
      {settings.data && !settings.isFetching ? (
        <BookingSettingsForm initial={settings.data} />
      ) : settings.isError && !settings.isFetching ? (
        <div className="grid gap-2">
          <FormAlert>
            {errorMessage(settings.error, t('Your booking settings could not be loaded.'))}
          </FormAlert>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void settings.refetch()}
          >
            {t('Try again')}
          </Button>
        </div>
      ) : (
        <div aria-busy="true" aria-label={t('Loading your booking settings')} className="grid gap-2">
          <Skeleton className="h-9 w-full" />
        </div>
      )}
    </section>
  );
}

function BookingSettingsForm({ initial }: { initial: BookingSettings }) {
  const form = useForm<BookingSettings>({
    resolver: zodResolver(bookingSettingsSchema) as unknown as Resolver<BookingSettings>,
    defaultValues: initial,
    mode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const [save] = useUpdateBookingSettingsMutation();
  const ids = { notice: useId(), buffer: useId(), perDay: useId() };

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await save(values);
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(
          result.error,
          t('Your booking settings could not be saved. Please try again.'),
        ),
      });
      return;
    }
    form.reset(result.data);
    toast({ title: translate(bookingSettingsMessages.saved) });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id={ids.notice}
          label={t('Minimum notice (hours)')}
          hint={translate(bookingSettingsMessages.minimumNoticeHint)}
          error={errors.minimumNoticeHours?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={MINIMUM_NOTICE_HOURS_MIN}
              max={MINIMUM_NOTICE_HOURS_MAX}
              step={1}
              {...form.register('minimumNoticeHours', { setValueAs: asNumber })}
            />
          )}
        </FormField>
        <FormField
          id={ids.buffer}
          label={t('Buffer between sessions')}
          hint={translate(bookingSettingsMessages.bufferHint)}
          error={errors.bufferMinutes?.message}
        >
          {(control) => (
            <select
              {...control}
              className={selectClass}
              {...form.register('bufferMinutes', { setValueAs: asNumber })}
            >
              {BUFFER_MINUTES_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {bufferLabel(minutes)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id={ids.perDay}
          label={t('Sessions per day (at most)')}
          hint={translate(bookingSettingsMessages.maxSessionsPerDayHint)}
          error={errors.maxSessionsPerDay?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={MAX_SESSIONS_PER_DAY_MIN}
              max={MAX_SESSIONS_PER_DAY_MAX}
              step={1}
              {...form.register('maxSessionsPerDay', { setValueAs: asNumber })}
            />
          )}
        </FormField>
      </div>
      <SubmitButton pending={isSubmitting} size="sm" variant="outline" className="justify-self-start">
        {t('Update booking settings')}
      </SubmitButton>
    </form>
  );
}
