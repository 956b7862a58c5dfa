import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTES_ANNOUNCE_AFTER_MINUTES,
  SESSION_NOTES_MAX,
  sessionNotesBodySchema,
  type Booking,
  type SessionNotesBody,
} from '@skillroute/shared/bookings';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { formatSessionTime } from '@/lib/session-time';
import { toast } from '@/lib/use-toast';
import { t, translate } from '@/lib/i18n';
import { useSaveSessionNotesMutation } from '../api';

/** What the mentee wrote when booking, shown to both people: to the mentor before the session above all. */
export function SessionAgenda({ agenda, heading }: { agenda: string; heading: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-1 rounded-md bg-muted/60 p-3 text-sm">
      <h4 id={id} className="font-medium">
        {heading}
      </h4>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{agenda}</p>
    </section>
  );
}

/** The mentor's notes and homework as the mentee reads them, with when they last changed. */
export function SessionNotesView({
  notes,
  mentorName,
  zone,
}: {
  notes: NonNullable<Booking['notes']>;
  mentorName: string;
  zone: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-1 rounded-md border p-3 text-sm">
      <h4 id={id} className="font-medium">
        {t('Notes and homework from {name}', { name: mentorName })}
      </h4>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{notes.text}</p>
      <p className="text-xs text-muted-foreground">
        {t('Updated {time}', { time: formatSessionTime(notes.updatedAt, zone) })}
      </p>
    </section>
  );
}

/**
 * The mentor's notes and homework of a session that has started (DESIGN.md §4b): a textarea with its count
 * and Save. A save replaces what was there; the mentee is told a few minutes later, once for several saves.
 */
export function SessionNotesForm({ booking, zone }: { booking: Booking; zone: string }) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [save, saving] = useSaveSessionNotesMutation();
  const form = useForm<SessionNotesBody>({
    resolver: zodResolver(sessionNotesBodySchema),
    defaultValues: { text: booking.notes?.text ?? '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const { errors } = form.formState;

  async function submit(body: SessionNotesBody) {
    setFailure(null);
    const result = await save({ id: booking.id, ...body });
    if (result.error) {
      setFailure(errorMessage(result.error, t('The notes could not be saved. Please try again.')));
      return;
    }
    toast({
      title: t('Notes saved'),
      description: t('{name} is told in about {minutes} minutes.', {
        name: booking.mentee.name,
        minutes: NOTES_ANNOUNCE_AFTER_MINUTES,
      }),
    });
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-md border p-3"
    >
      <h4 id={`${id}-title`} className="text-sm font-medium">
        {t('Notes and homework')}
      </h4>
      <FormField
        id={`${id}-text`}
        label={t('For {name}', { name: booking.mentee.name })}
        error={errors.text?.message && translate(errors.text.message)}
        hint={`${text.length}/${SESSION_NOTES_MAX}`}
      >
        {(control) => <Textarea {...control} {...form.register('text')} rows={5} />}
      </FormField>
      {booking.notes && (
        <p className="text-xs text-muted-foreground">
          {t('Last saved {time}', { time: formatSessionTime(booking.notes.updatedAt, zone) })}
        </p>
      )}
      {failure && <FormAlert>{translate(failure)}</FormAlert>}
      <div>
        <SubmitButton pending={saving.isLoading} size="sm">
          {t('Save notes')}
        </SubmitButton>
      </div>
    </form>
  );
}
