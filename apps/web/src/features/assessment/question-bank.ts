import {
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTIONS_MIN,
  TEST_QUESTION_COUNT,
  type AdminQuestion,
  type AdminStack,
  type QuestionInput,
} from '@skillroute/shared/assessments';
import { t } from '@/lib/i18n';

/** The rules of the admin question bank pages, kept out of the components so they can be tested alone. */

export const needsQuestionsWarning = (): string =>
  t('Needs at least {count} active questions before anyone can apply.', { count: TEST_QUESTION_COUNT });

/** A test draws TEST_QUESTION_COUNT active questions, so a stack with fewer cannot be applied for. */
export function needsMoreQuestions(stack: Pick<AdminStack, 'activeQuestionCount'>): boolean {
  return stack.activeQuestionCount < TEST_QUESTION_COUNT;
}

/** "8 active of 12 questions". */
export function questionCountText(stack: Pick<AdminStack, 'activeQuestionCount' | 'questionCount'>): string {
  return t('{active} active of {count, plural, one {{count} question} other {{count} questions}}', {
    active: stack.activeQuestionCount,
    count: stack.questionCount,
  });
}

/** What the delete confirmation says goes with the stack. */
export function deleteStackConsequence(stack: Pick<AdminStack, 'questionCount'>): string {
  return stack.questionCount === 0
    ? t('It has no questions. This cannot be undone.')
    : t(
        '{count, plural, one {Its {count} question will be deleted with it. This cannot be undone.} other {Its {count} questions will be deleted with it. This cannot be undone.}}',
        { count: stack.questionCount },
      );
}

export type QuestionFormValues = QuestionInput;

/** A new, empty option row. */
export const blankOption = () => ({ text: '', isCorrect: false });

/**
 * The question form's starting values: the question being edited, or a blank active question with the
 * fewest options allowed and none marked correct, so the admin has to choose one.
 */
export function questionFormValues(question?: AdminQuestion): QuestionFormValues {
  if (!question)
    return { text: '', options: Array.from({ length: QUESTION_OPTIONS_MIN }, blankOption), isActive: true };
  return {
    text: question.text,
    options: question.options.map(({ text, isCorrect }) => ({ text, isCorrect })),
    isActive: question.isActive,
  };
}

export const canAddOption = (count: number) => count < QUESTION_OPTIONS_MAX;
export const canRemoveOption = (count: number) => count > QUESTION_OPTIONS_MIN;

/** Whether each option is the correct one once option `index` is chosen: the radios allow exactly one. */
export function correctFlags(count: number, index: number): boolean[] {
  return Array.from({ length: count }, (_, position) => position === index);
}

/**
 * Where focus goes after option `removed` is taken out of `count` options: the option that moved into
 * its place, or the new last one. Without this, focus would fall to the page behind the dialog.
 */
export function focusAfterRemoving(removed: number, count: number): number {
  return Math.min(removed, count - 2);
}

export type QuestionField = 'text' | 'options' | 'isActive' | `options.${number}.text`;

/** The names a 400 from the server can tie a message to, e.g. "options.1.text" (DESIGN.md §4 envelope). */
export function questionFieldNames(optionCount: number): QuestionField[] {
  return [
    'text',
    'options',
    'isActive',
    ...Array.from({ length: optionCount }, (_, index) => `options.${index}.text` as const),
  ];
}
