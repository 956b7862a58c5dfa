import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTIONS_MIN,
  questionBodySchema,
  type AdminQuestion,
  type QuestionBody,
} from '@skillroute/shared/assessments';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors } from '@/lib/form-errors';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useAddQuestionMutation, useEditQuestionMutation } from '../api';
import {
  blankOption,
  canAddOption,
  canRemoveOption,
  correctFlags,
  focusAfterRemoving,
  questionFieldNames,
  questionFormValues,
  type QuestionFormValues,
} from '../question-bank';

interface QuestionFormProps {
  stackId: string;
  /** The question to edit; a new one is added to the stack without it. */
  question?: AdminQuestion;
  onSaved: () => void;
}

const optionsHintId = 'question-options-hint';
const optionsErrorId = 'question-options-error';

/**
 * The question, its 2 to 6 options with the correct one chosen by radio, and whether it is drawn. Checked
 * with the api's own schema, so every message is the one the server would give.
 */
export function QuestionForm({ stackId, question, onSaved }: QuestionFormProps) {
  const [addQuestion] = useAddQuestionMutation();
  const [editQuestion] = useEditQuestionMutation();
  const form = useForm<QuestionFormValues, unknown, QuestionBody>({
    resolver: zodResolver(questionBodySchema),
    defaultValues: questionFormValues(question),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'options' });
  const options = useWatch({ control: form.control, name: 'options' });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  // A rule about the options as a whole (one correct, all different) sits at the array's root.
  const optionsError = errors.options?.root?.message ?? errors.options?.message;

  function markCorrect(index: number) {
    // Option by option: replacing the whole array would remount the rows and lose the focused radio.
    correctFlags(fields.length, index).forEach((isCorrect, position) =>
      form.setValue(`options.${position}.isCorrect`, isCorrect, { shouldDirty: true }),
    );
    if (isSubmitted) void form.trigger('options');
  }

  function removeOption(index: number) {
    const next = focusAfterRemoving(index, fields.length);
    remove(index);
    // After the render that drops the row, so the field at `next` is the one now on screen.
    requestAnimationFrame(() => form.setFocus(`options.${next}.text`));
  }

  const onSubmit = form.handleSubmit(async (body) => {
    const result = question
      ? await editQuestion({ id: question.id, ...body })
      : await addQuestion({ stackId, ...body });
    if ('error' in result) {
      const message = applyServerErrors(
        result.error,
        questionFieldNames(fields.length),
        (field, text) => form.setError(field, { message: text }, { shouldFocus: true }),
        t('The question could not be saved. Please try again.'),
      );
      if (message) toast({ variant: 'destructive', title: translate(FAILURE_TITLE), description: message });
      return;
    }
    toast({ title: t('Question saved') });
    onSaved();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <FormField id="question-text" label={t('Question')} error={errors.text?.message}>
        {(control) => <Textarea {...control} {...form.register('text')} rows={3} />}
      </FormField>

      <div className="grid gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-medium leading-none">{t('Options')}</p>
          <p id={optionsHintId} className="text-xs text-muted-foreground">
            {t('{min} to {max} answers, all different. Mark the correct one.', {
              min: QUESTION_OPTIONS_MIN,
              max: QUESTION_OPTIONS_MAX,
            })}
          </p>
        </div>
        {/* The radios are one group: arrow keys move between them and only one can be chosen. */}
        <div
          role="radiogroup"
          aria-label={t('Correct option')}
          aria-describedby={optionsError ? `${optionsHintId} ${optionsErrorId}` : optionsHintId}
          className="grid gap-3"
        >
          {fields.map((field, index) => {
            const number = index + 1;
            const radioId = `question-option-${index}-correct`;
            return (
              <div key={field.id} className="flex items-start gap-2">
                <FormField
                  id={`question-option-${index}`}
                  label={t('Option {number}', { number })}
                  error={errors.options?.[index]?.text?.message}
                  className="flex-1"
                >
                  {(control) => (
                    <Input {...control} {...form.register(`options.${index}.text`)} autoComplete="off" />
                  )}
                </FormField>
                {/* Lined up with the input, below the label. */}
                <div className="mt-[1.375rem] flex h-9 items-center gap-1">
                  <label
                    htmlFor={radioId}
                    className="flex h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60"
                  >
                    <input
                      id={radioId}
                      type="radio"
                      name="question-correct-option"
                      value={index}
                      checked={options?.[index]?.isCorrect === true}
                      onChange={() => markCorrect(index)}
                      className="size-4 accent-primary outline-none"
                    />
                    <span>
                      {t('Correct')} <span className="sr-only">{t('option {number}', { number })}</span>
                    </span>
                  </label>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={t('Remove option {number}', { number })}
                    disabled={!canRemoveOption(fields.length)}
                    onClick={() => removeOption(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
            );
          })}
        </div>
        {optionsError && (
          <p
            id={optionsErrorId}
            role="alert"
            className="text-sm font-medium text-destructive dark:text-red-300"
          >
            {translate(optionsError)}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={!canAddOption(fields.length)}
          onClick={() => append(blankOption())}
        >
          <Plus aria-hidden="true" />
          {t('Add option')}
        </Button>
      </div>

      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch
              id="question-active"
              ref={field.ref}
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby="question-active-hint"
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor="question-active">{t('Active')}</Label>
          <p id="question-active-hint" className="text-xs text-muted-foreground">
            {t('Inactive questions stay in the bank but are never drawn for a test.')}
          </p>
        </div>
      </div>

      <DialogFooter>
        <SubmitButton pending={isSubmitting} variant="default" size="default">
          {t('Save question')}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
