import type { AdminQuestion } from '@skillroute/shared/assessments';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { t } from '@/lib/i18n';
import { QuestionForm } from './question-form';

/**
 * "Add question", or "Edit" with `question`. The form lives in the dialog's content, which mounts on each
 * opening, so it always starts from the saved question and never from an abandoned edit.
 */
export function QuestionDialog({ stackId, question }: { stackId: string; question?: AdminQuestion }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {question ? (
          <Button type="button" size="sm" variant="outline">
            <Pencil aria-hidden="true" />
            {t('Edit')}
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden="true" />
            {t('Add question')}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{question ? t('Edit question') : t('Add question')}</DialogTitle>
          <DialogDescription>
            {question
              ? t('Tests already drawn keep the question as it was.')
              : t('Write the question and its answers, and mark the one that is correct.')}
          </DialogDescription>
        </DialogHeader>
        <QuestionForm stackId={stackId} question={question} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
