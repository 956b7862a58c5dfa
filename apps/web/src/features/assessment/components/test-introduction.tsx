import { FAILURE_TITLE } from '@skillroute/shared/errors';
import {
  PASS_MARK_PERCENT,
  RETRY_AFTER_HOURS,
  START_WITHIN_HOURS,
  TEST_QUESTION_COUNT,
  type AssessmentTest,
} from '@skillroute/shared/assessments';
import { CircleCheck, Clock, History, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { useStartTestMutation } from '../api';

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/**
 * What comes before the clock (decision 025): how many questions, how long, the pass mark and the wait
 * after a fail, then Start. The server starts the clock only on Start, so reading this page, or reloading
 * it, costs the taker nothing.
 */
export function TestIntroduction({ test }: { test: AssessmentTest }) {
  const [start, starting] = useStartTestMutation();
  const minutes = Math.round(test.durationSeconds / 60);
  const rightToPass = Math.ceil((PASS_MARK_PERCENT * TEST_QUESTION_COUNT) / 100);
  const stack = test.stack.name;

  async function begin() {
    const result = await start(test.id);
    if ('error' in result)
      toast({
        variant: 'destructive',
        title: FAILURE_TITLE,
        description: errorMessage(result.error, 'The test could not be started. Please try again.'),
      });
  }

  const facts = [
    {
      icon: ListChecks,
      title: `${TEST_QUESTION_COUNT} questions`,
      text: 'One answer each. Move between them freely; each answer is saved as you choose it.',
    },
    {
      icon: Clock,
      title: `${minutes} minutes`,
      text: 'The clock starts when you press Start and keeps running if you leave or reload the page. At zero, your answers are handed in.',
    },
    {
      icon: CircleCheck,
      title: `${PASS_MARK_PERCENT}% to pass`,
      text: `${rightToPass} of ${TEST_QUESTION_COUNT} right. Passing adds ${stack} to your profile as an assessed skill.`,
    },
    {
      icon: History,
      title: `${hours(RETRY_AFTER_HOURS)} after a fail`,
      text: `If you do not pass, you can take the ${stack} test again after ${hours(RETRY_AFTER_HOURS)}; other stacks stay open.`,
    },
  ];

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-16">
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">Skill test</p>
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{stack}</h1>
      </div>
      <section
        aria-labelledby="intro-heading"
        className="grid gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8"
      >
        <h2 id="intro-heading" className="text-lg font-semibold">
          Before you start
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {facts.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/20">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="grid content-start gap-0.5">
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Not ready? The test waits {hours(START_WITHIN_HOURS)} for you to start it.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button asChild variant="outline">
              <Link to="/">Not now</Link>
            </Button>
            <SubmitButton
              type="button"
              pending={starting.isLoading}
              variant="default"
              size="default"
              onClick={() => void begin()}
            >
              Start the test
            </SubmitButton>
          </div>
        </div>
      </section>
    </div>
  );
}
