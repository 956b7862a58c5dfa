import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { createStackBodySchema } from '@skillroute/shared/assessments';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';

/** Adding and renaming a stack check the same name rule, the one the api applies. */
const stackNameFormSchema = createStackBodySchema.pick({ name: true });
type StackNameForm = z.input<typeof stackNameFormSchema>;

export function useStackNameForm(name = '') {
  const form = useForm<StackNameForm, unknown, z.output<typeof stackNameFormSchema>>({
    resolver: zodResolver(stackNameFormSchema),
    defaultValues: { name },
  });

  /** A taken name goes under the field; anything else is a toast. */
  function showServerError(error: ApiError, fallback: string) {
    const message = applyServerErrors(
      error,
      ['name'],
      (field, text) => form.setError(field, { message: text }, { shouldFocus: true }),
      fallback,
    );
    if (message) toast({ variant: 'destructive', title: translate(FAILURE_TITLE), description: message });
  }

  return { form, showServerError };
}
