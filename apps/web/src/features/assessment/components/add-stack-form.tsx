import { Plus } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { t } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useCreateStackMutation } from '../api';
import { useStackNameForm } from './stack-name-form';

/** "Add stack": a name, checked with the shared rule; a taken name comes back under the field. */
export function AddStackForm() {
  const [createStack] = useCreateStackMutation();
  const { form, showServerError } = useStackNameForm();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    const result = await createStack(body);
    if ('error' in result) {
      showServerError(result.error, t('The stack could not be added. Please try again.'));
      return;
    }
    toast({
      title: t('Stack added'),
      description: t('{name} is ready for its questions.', { name: result.data.stack.name }),
    });
    form.reset();
    // Back to the field, ready for the next stack: the button was disabled while saving and lost focus.
    form.setFocus('name');
  });

  return (
    <form
      noValidate
      aria-label={t('Add a stack')}
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm sm:flex-row sm:items-start"
    >
      <FormField id="new-stack-name" label={t('Stack name')} error={errors.name?.message} className="flex-1">
        {(control) => (
          <Input {...control} {...form.register('name')} autoComplete="off" placeholder={t('e.g. React')} />
        )}
      </FormField>
      {/* Lined up with the input, below the label. */}
      <SubmitButton pending={isSubmitting} variant="default" size="default" className="sm:mt-[1.375rem]">
        {!isSubmitting && <Plus aria-hidden="true" />}
        {t('Add stack')}
      </SubmitButton>
    </form>
  );
}
