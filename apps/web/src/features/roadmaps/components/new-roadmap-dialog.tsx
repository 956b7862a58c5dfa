import { zodResolver } from '@hookform/resolvers/zod';
import { createRoadmapBodySchema } from '@skillroute/shared/roadmap-api';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors } from '@/lib/form-errors';
import { t } from '@/lib/i18n';
import { useCreateRoadmapMutation } from '../api';

type NewRoadmapForm = z.input<typeof createRoadmapBodySchema>;

/** "New roadmap": a title and a description, then straight into the editor. */
export function NewRoadmapDialog() {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [createRoadmap] = useCreateRoadmapMutation();
  const navigate = useNavigate();
  const form = useForm<NewRoadmapForm, unknown, z.output<typeof createRoadmapBodySchema>>({
    resolver: zodResolver(createRoadmapBodySchema),
    defaultValues: { title: '', description: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await createRoadmap(body);
    if ('error' in result) {
      setFormError(
        applyServerErrors(
          result.error,
          ['title', 'description'],
          (field, message) => form.setError(field, { message }, { shouldFocus: true }),
          t('The roadmap could not be created. Please try again.'),
        ),
      );
      return;
    }
    setOpen(false);
    navigate(`/draw-roadmap/${result.data.id}`);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          form.reset();
          setFormError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          {t('New roadmap')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('New roadmap')}</DialogTitle>
          <DialogDescription>
            {t(
              'Name it and say who it is for. You draw its topics next, and submit it for review when it is ready.',
            )}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {formError && <FormAlert>{formError}</FormAlert>}
          <FormField id="roadmap-title" label={t('Title')} error={errors.title?.message}>
            {(control) => <Input {...control} {...form.register('title')} autoComplete="off" />}
          </FormField>
          <FormField id="roadmap-description" label={t('Description')} error={errors.description?.message}>
            {(control) => <Textarea {...control} {...form.register('description')} rows={4} />}
          </FormField>
          <DialogFooter>
            <SubmitButton pending={isSubmitting} variant="default" size="default">
              {t('Create')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
