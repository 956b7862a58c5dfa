import type { AdminStack } from '@skillroute/shared/assessments';
import { TriangleAlert } from 'lucide-react';
import { needsMoreQuestions, needsQuestionsWarning, questionCountText } from '../question-bank';

/** A stack's question counts, with the warning that nobody can apply until enough questions are active. */
export function StackCounts({ stack }: { stack: AdminStack }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{questionCountText(stack)}</p>
      {needsMoreQuestions(stack) && (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {needsQuestionsWarning()}
        </p>
      )}
    </div>
  );
}
