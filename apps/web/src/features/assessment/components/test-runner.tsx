import { FAILURE_TITLE } from '@skillroute/shared/errors';
import type { AssessmentTest, TestResult } from '@skillroute/shared/assessments';
import { ChevronLeft, ChevronRight, Clock } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { toast } from '@/lib/use-toast';
import { useSaveAnswerMutation, useSubmitTestMutation } from '../api';
import {
  ANNOUNCED_AT_SECONDS,
  clockOffsetMs,
  formatClock,
  secondsLeft,
  spokenDuration,
  spokenTimeLeft,
} from '../test-clock';
import { TestResultView } from './test-result';

type Answers = Record<string, string>;

const toMap = (answers: AssessmentTest['answers']): Answers =>
  Object.fromEntries(answers.map((answer) => [answer.questionId, answer.optionId]));

/**
 * Taking the test: one question at a time with a palette to move between them, the countdown, answers saved
 * as they are chosen, and a submission (confirmed when some are unanswered). At zero it hands in what was
 * answered.
 */
/** A test whose clock runs: pressed Start on its introduction. */
export type RunningTest = AssessmentTest & { startedAt: string; expiresAt: string };

/**
 * `receivedAtMs`: when the test was read (the query's fulfilled time); now, when unknown. `focusFirstQuestion`:
 * the page has just turned from the introduction into the test, and Start, which had the focus, is gone.
 */
export function TestRunner({
  test,
  receivedAtMs,
  focusFirstQuestion = false,
}: {
  test: RunningTest;
  receivedAtMs: number | undefined;
  focusFirstQuestion?: boolean;
}) {
  const [answers, setAnswers] = useState<Answers>(() => toMap(test.answers));
  const [current, setCurrent] = useState(() =>
    Math.max(
      0,
      test.questions.findIndex((question) => !(question.id in toMap(test.answers))),
    ),
  );
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const [saveAnswer] = useSaveAnswerMutation();
  const [submitTest, submission] = useSubmitTestMutation();
  // At zero the test hands itself in with what was answered (the server also scores it if the page is gone).
  const left = useSecondsLeft(test, receivedAtMs, () => void submit());
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const [focusOnStart] = useState(focusFirstQuestion);
  useEffect(() => {
    if (focusOnStart) questionHeading.current?.focus();
  }, [focusOnStart]);

  const total = test.questions.length;
  const answeredCount = test.questions.filter((question) => question.id in answers).length;
  const unanswered = total - answeredCount;
  const question = test.questions[current];

  async function submit() {
    if (submission.isLoading || result) return;
    const body = {
      testId: test.id,
      answers: Object.entries(answers).map(([questionId, optionId]) => ({ questionId, optionId })),
    };
    const outcome = await submitTest(body);
    if ('error' in outcome) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(outcome.error, t('Your answers could not be handed in. Please try again.')),
      });
      return;
    }
    setResult(outcome.data);
  }

  function choose(questionId: string, optionId: string) {
    setAnswers((previous) => ({ ...previous, [questionId]: optionId }));
    // Saved as chosen, so a reload or a lost tab keeps it; a failed save is still sent with the submission.
    void saveAnswer({ testId: test.id, questionId, optionId });
  }

  function goTo(index: number) {
    setCurrent(index);
    // The new question is announced by moving focus to its heading.
    requestAnimationFrame(() => questionHeading.current?.focus());
  }

  if (result) return <TestResultView stack={test.stack.name} result={result} />;
  if (!question) return null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:py-10">
      {/* Stays in view while a long question scrolls: the clock is always in sight. */}
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-b bg-background/95 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div>
          <p className="text-sm text-muted-foreground">{t('Skill test')}</p>
          <h1 className="text-2xl font-bold tracking-tight">{test.stack.name}</h1>
        </div>
        <Countdown seconds={left} />
      </div>

      <nav aria-label={t('Questions')} className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          {unanswered > 0
            ? t('{answered} of {total} answered, {unanswered} unanswered', {
                answered: answeredCount,
                total,
                unanswered,
              })
            : t('{answered} of {total} answered', { answered: answeredCount, total })}
        </p>
        <ol className="flex flex-wrap gap-2">
          {test.questions.map((item, index) => {
            const answered = item.id in answers;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => goTo(index)}
                  aria-current={index === current ? 'step' : undefined}
                  aria-label={
                    answered
                      ? t('Question {number}, answered', { number: index + 1 })
                      : t('Question {number}, unanswered', { number: index + 1 })
                  }
                  className={cn(
                    'flex size-9 items-center justify-center rounded-md border text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60',
                    answered
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-dashed bg-background',
                    index === current && 'ring-2 ring-foreground ring-offset-2 ring-offset-background',
                  )}
                >
                  {index + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section
        aria-labelledby="question-heading"
        className="grid gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <h2
          id="question-heading"
          ref={questionHeading}
          tabIndex={-1}
          className="text-sm font-medium text-muted-foreground outline-none"
        >
          {t('Question {number} of {total}', { number: current + 1, total })}
        </h2>
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold whitespace-pre-wrap [overflow-wrap:anywhere]">
            {question.text}
          </legend>
          {question.options.map((option) => {
            const id = `option-${option.id}`;
            const checked = answers[question.id] === option.id;
            return (
              <label
                key={option.id}
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
                  checked ? 'border-primary bg-primary/10' : 'hover:bg-accent',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name={`question-${question.id}`}
                  value={option.id}
                  checked={checked}
                  onChange={() => choose(question.id, option.id)}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="[overflow-wrap:anywhere]">{option.text}</span>
              </label>
            );
          })}
        </fieldset>
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-2">
          <Button type="button" variant="outline" disabled={current === 0} onClick={() => goTo(current - 1)}>
            <ChevronLeft aria-hidden="true" />
            {t('Previous')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={current === total - 1}
            onClick={() => goTo(current + 1)}
          >
            {t('Next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <SubmitButton
          type="button"
          pending={submission.isLoading}
          variant="default"
          size="default"
          onClick={() => (unanswered > 0 ? setConfirming(true) : void submit())}
        >
          {t('Submit test')}
        </SubmitButton>
      </div>

      <ConfirmDialog
        // Closed by its own buttons, and by the clock: at zero the test is handed in without asking.
        open={confirming && left > 0}
        onOpenChange={setConfirming}
        title={t(
          '{count, plural, one {Submit with # question unanswered?} other {Submit with # questions unanswered?}}',
          { count: unanswered },
        )}
        description={t(
          'An unanswered question counts as wrong. You still have {time} to answer it; once submitted, the test cannot be changed.',
          { time: spokenDuration(left) },
        )}
        cancelLabel={t('Keep answering')}
        confirmLabel={t('Submit anyway')}
        onConfirm={() => void submit()}
      />
    </div>
  );
}

/** Seconds left on the server's clock, ticking every second; `onTimeUp` runs on the tick that reaches zero. */
function useSecondsLeft(test: RunningTest, receivedAtMs: number | undefined, onTimeUp: () => void): number {
  const [offset] = useState(() => clockOffsetMs(test.serverTime, receivedAtMs ?? Date.now()));
  const [left, setLeft] = useState(() => secondsLeft(test.expiresAt, offset, Date.now()));
  const timeUp = useEffectEvent(onTimeUp);
  useEffect(() => {
    let previous: number | undefined;
    const timer = window.setInterval(() => {
      const next = secondsLeft(test.expiresAt, offset, Date.now());
      setLeft(next);
      if (next === 0 && previous !== 0) timeUp();
      previous = next;
    }, 1000);
    return () => window.clearInterval(timer);
  }, [test.expiresAt, offset]);
  return left;
}

/** The visible clock, and a live region that speaks only at a few moments. */
function Countdown({ seconds }: { seconds: number }) {
  // Derived, not kept in state: the last announced moment this page has reached since it opened.
  const [openedAt] = useState(seconds);
  const reached = ANNOUNCED_AT_SECONDS.filter((moment) => moment >= seconds && moment <= openedAt);
  const spoken = reached.length > 0 ? spokenTimeLeft(Math.min(...reached)) : '';
  const urgent = seconds <= 60;
  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-lg border bg-card px-3 py-2 font-mono text-xl tabular-nums',
        urgent && 'border-destructive text-destructive dark:text-red-300',
      )}
    >
      <Clock className="size-5" aria-hidden="true" />
      <span role="timer" aria-label={t('Time left: {time}', { time: spokenTimeLeft(seconds) })}>
        {formatClock(seconds)}
      </span>
      <span className="sr-only" aria-live="polite">
        {spoken}
      </span>
    </div>
  );
}
