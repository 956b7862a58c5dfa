import { assessmentMessages } from '@skillroute/shared/assessments';
import { ChevronLeft } from 'lucide-react';
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { useGetStackQuestionsQuery } from '../api';
import { QuestionDialog } from '../components/question-dialog';
import { QuestionItem } from '../components/question-item';
import { StackCounts } from '../components/stack-counts';

function BackLink() {
  return (
    <Link
      to="/admin/assessment-managment"
      className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <ChevronLeft className="size-4" aria-hidden="true" />
      {t('All stacks')}
    </Link>
  );
}

const frame = 'mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6';

/** /admin/assessment-managment/{id}: one stack's questions, written, corrected and retired here. */
export function AdminQuestionsPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading } = useGetStackQuestionsQuery(id, { refetchOnMountOrArgChange: true });
  const heading = useRef<HTMLHeadingElement>(null);

  if (isLoading) {
    return (
      <section aria-busy="true" aria-labelledby="stack-title" className={frame}>
        <BackLink />
        <h1 id="stack-title" className="sr-only">
          {t('Loading the stack')}
        </h1>
        <p>{t('Loading questions...')}</p>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </section>
    );
  }
  if (!data) {
    // The api answers 400 to an id that is not a uuid and 404 to one it does not know: both are "no such stack".
    const status = errorStatus(error);
    const missing = status === 404 || status === 400;
    return (
      <section aria-labelledby="stack-title" className={frame}>
        <BackLink />
        <h1 id="stack-title" className="text-2xl font-bold tracking-tight">
          {missing ? translate(assessmentMessages.stackNotFound) : t('Error loading questions.')}
        </h1>
      </section>
    );
  }

  const { stack, questions } = data;
  return (
    <section aria-labelledby="stack-title" className={frame}>
      <BackLink />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {/* Focusable so a deletion, which takes its Delete button away, can leave focus somewhere sensible. */}
            <h1
              id="stack-title"
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight outline-none [overflow-wrap:anywhere]"
            >
              {stack.name}
            </h1>
            <Badge variant={stack.isActive ? 'default' : 'secondary'}>
              {stack.isActive ? t('Active') : t('Inactive')}
            </Badge>
          </div>
          <StackCounts stack={stack} />
        </div>
        <QuestionDialog stackId={stack.id} />
      </div>
      {questions.length === 0 ? (
        <p className="text-muted-foreground">{t('No questions yet.')}</p>
      ) : (
        <ol className="grid gap-4">
          {questions.map((question, index) => (
            <li key={question.id}>
              <QuestionItem
                question={question}
                number={index + 1}
                stackId={stack.id}
                onDeleted={() => heading.current?.focus()}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
