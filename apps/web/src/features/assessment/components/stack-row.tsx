import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { STACK_NAME_MAX, type AdminStack } from '@skillroute/shared/assessments';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useDeleteStackMutation, useUpdateStackMutation } from '../api';
import { deleteStackConsequence } from '../question-bank';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { StackCounts } from './stack-counts';
import { useStackNameForm } from './stack-name-form';

const failed = (description: string) =>
  toast({ variant: 'destructive', title: translate(FAILURE_TITLE), description });

/** One stack of the admin list: its name (to its questions), state, counts, and what can be done to it. */
export function StackRow({ stack, onDeleted }: { stack: AdminStack; onDeleted: () => void }) {
  const [updateStack, update] = useUpdateStackMutation();
  const [deleteStack] = useDeleteStackMutation();
  const titleId = `stack-${stack.id}`;

  async function toggleActive() {
    const result = await updateStack({ id: stack.id, isActive: !stack.isActive });
    if ('error' in result)
      failed(errorMessage(result.error, t('The stack could not be changed. Please try again.')));
    else toast({ title: result.data.stack.isActive ? t('Stack activated') : t('Stack deactivated') });
  }

  async function remove() {
    const result = await deleteStack(stack.id);
    if ('error' in result) {
      // A 409 says tests were taken in it and it can only be deactivated: the server's words explain that.
      failed(errorMessage(result.error, t('The stack could not be deleted. Please try again.')));
      return false;
    }
    toast({ title: t('Stack deleted') });
    return true;
  }

  return (
    <Card asArticle aria-labelledby={titleId} className="h-full gap-4 py-5">
      <CardHeader className="px-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" id={titleId} className="text-lg [overflow-wrap:anywhere]">
            <Link
              to={`/admin/assessment-managment/${stack.id}`}
              className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {stack.name}
            </Link>
          </CardTitle>
          <Badge variant={stack.isActive ? 'default' : 'secondary'}>
            {stack.isActive ? t('Active') : t('Inactive')}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="px-5">
        <StackCounts stack={stack} />
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2 px-5">
        <RenameStackDialog stack={stack} />
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={update.isLoading}
          aria-busy={update.isLoading || undefined}
          onClick={() => void toggleActive()}
        >
          {stack.isActive ? t('Deactivate') : t('Activate')}
        </Button>
        <ConfirmDeleteDialog
          title={t('Delete {name}?', { name: stack.name })}
          description={t(
            '{consequence} A stack in which tests were taken cannot be deleted: deactivate it instead.',
            {
              consequence: deleteStackConsequence(stack),
            },
          )}
          onConfirm={remove}
          onDeleted={onDeleted}
        />
      </CardFooter>
    </Card>
  );
}

/** "Rename": the same name rule as adding; a taken name comes back under the field. */
function RenameStackDialog({ stack }: { stack: AdminStack }) {
  const [open, setOpen] = useState(false);
  const [updateStack] = useUpdateStackMutation();
  const { form, showServerError } = useStackNameForm(stack.name);
  const { errors, isSubmitting } = form.formState;
  const fieldId = `rename-${stack.id}`;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    // The api refuses an empty change, and there is nothing to save anyway.
    if (name === stack.name) {
      setOpen(false);
      return;
    }
    const result = await updateStack({ id: stack.id, name });
    if ('error' in result) {
      showServerError(result.error, t('The stack could not be renamed. Please try again.'));
      return;
    }
    toast({ title: t('Stack renamed') });
    setOpen(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Each opening starts from the current name, never from an abandoned edit.
        if (next) form.reset({ name: stack.name });
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          <Pencil aria-hidden="true" />
          {t('Rename')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">
            {t('Rename {name}', { name: stack.name })}
          </DialogTitle>
          <DialogDescription>
            {t('Each stack has its own name, of at most {max} characters.', { max: STACK_NAME_MAX })}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField id={fieldId} label={t('Stack name')} error={errors.name?.message}>
            {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
          </FormField>
          <DialogFooter>
            <SubmitButton pending={isSubmitting} variant="default" size="default">
              {t('Save')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
