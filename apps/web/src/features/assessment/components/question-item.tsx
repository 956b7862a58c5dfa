import { FAILURE_TITLE } from '@skillroute/shared/errors';
import type { AdminQuestion } from '@skillroute/shared/assessments';
import { Circle, CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { toast } from '@/lib/use-toast';
import { useDeleteQuestionMutation } from '../api';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { QuestionDialog } from './question-dialog';

/** One question of a stack: its text, its options with the correct one marked, and Edit and Delete. */
export function QuestionItem({
  question,
  number,
  stackId,
  onDeleted,
}: {
  question: AdminQuestion;
  number: number;
  stackId: string;
  onDeleted: () => void;
}) {
  const [deleteQuestion] = useDeleteQuestionMutation();
  const titleId = `question-${question.id}`;

  async function remove() {
    const result = await deleteQuestion(question.id);
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(result.error, t('The question could not be deleted. Please try again.')),
      });
      return false;
    }
    toast({ title: t('Question deleted') });
    return true;
  }

  return (
    <Card asArticle aria-labelledby={titleId} className="gap-4 py-5">
      <CardHeader className="px-5">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h2" id={titleId} className="text-sm font-medium text-muted-foreground">
            {t('Question {number}', { number })}
          </CardTitle>
          {!question.isActive && <Badge variant="secondary">{t('Inactive')}</Badge>}
        </div>
        <p className="font-medium whitespace-pre-wrap [overflow-wrap:anywhere]">{question.text}</p>
      </CardHeader>
      <CardContent className="px-5">
        <ul className="grid gap-2 text-sm">
          {question.options.map((option) => (
            <li key={option.id} className={cn('flex items-start gap-2', option.isCorrect && 'font-medium')}>
              {option.isCorrect ? (
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="[overflow-wrap:anywhere]">
                {option.text}
                {option.isCorrect && <span className="sr-only"> {t('(correct)')}</span>}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-wrap gap-2 px-5">
        <QuestionDialog stackId={stackId} question={question} />
        <ConfirmDeleteDialog
          title={t('Delete question {number}?', { number })}
          description={
            <>
              <span className="mb-2 line-clamp-3 block whitespace-pre-wrap text-foreground [overflow-wrap:anywhere]">
                “{question.text}”
              </span>
              {t('It leaves the bank with its options, for good. Tests already drawn keep their copy.')}
            </>
          }
          onConfirm={remove}
          onDeleted={onDeleted}
        />
      </CardFooter>
    </Card>
  );
}
