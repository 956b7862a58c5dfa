import { zodResolver } from '@hookform/resolvers/zod';
import { NODE_LINKS_MAX } from '@skillroute/shared/roadmap-rules';
import { nodeContentSchema, type NodeContent } from '@skillroute/shared/roadmap-fields';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { t, translate } from '@/lib/i18n';

type ContentForm = z.input<typeof nodeContentSchema>;
const empty: NodeContent = { title: '', description: '', links: [] };

/** "Content & Links" (spec §2, §5): title, description and up to two links, checked by the shared rule. */
export function NodeContentForm({
  nodeId,
  content,
  onSave,
}: {
  nodeId: string;
  content: NodeContent | undefined;
  onSave: (content: NodeContent) => void;
}) {
  const form = useForm<ContentForm, unknown, NodeContent>({
    resolver: zodResolver(nodeContentSchema),
    defaultValues: content ?? empty,
  });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((value) => onSave(value));
  const id = (field: string) => `${nodeId}-${field}`;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id={id('title')} label={t('Title')} error={errors.title?.message}>
        {(control) => <Input {...control} {...form.register('title')} />}
      </FormField>
      <FormField id={id('description')} label={t('Description')} error={errors.description?.message}>
        {(control) => <Textarea {...control} {...form.register('description')} rows={5} />}
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{t('Links')}</legend>
        {links.fields.map((field, index) => (
          <div key={field.id} className="grid gap-2 rounded-md border p-3">
            <FormField
              id={id(`link-${index}-title`)}
              label={t('Link {number} title', { number: index + 1 })}
              error={errors.links?.[index]?.title?.message}
            >
              {(control) => <Input {...control} {...form.register(`links.${index}.title`)} />}
            </FormField>
            <FormField
              id={id(`link-${index}-url`)}
              label={t('Link {number} URL', { number: index + 1 })}
              error={errors.links?.[index]?.url?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register(`links.${index}.url`)}
                  type="url"
                  inputMode="url"
                  placeholder={t('https://')}
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => links.remove(index)}
            >
              <Trash2 aria-hidden="true" />
              {t('Remove link {number}', { number: index + 1 })}
            </Button>
          </div>
        ))}
        {errors.links?.message && (
          <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
            {translate(errors.links.message)}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={links.fields.length >= NODE_LINKS_MAX}
          onClick={() => links.append({ title: '', url: '' })}
        >
          <Plus aria-hidden="true" />
          {t('Add Link {count}/{max}', { count: links.fields.length, max: NODE_LINKS_MAX })}
        </Button>
      </fieldset>
      <Button type="submit" className="justify-self-start">
        {t('Submit')}
      </Button>
    </form>
  );
}
