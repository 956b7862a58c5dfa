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
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useStartTestMutation } from '../api';
import { hoursText } from '../texts';

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
        title: translate(FAILURE_TITLE),
        description: errorMessage(result.error, t('The test could not be started. Please try again.')),
      });
  }

  const facts = [
    {
      icon: ListChecks,
      title: t('{count} questions', { count: TEST_QUESTION_COUNT }),
      text: t('One answer each. Move between them freely; each answer is saved as you choose it.'),
    },
    {
      icon: Clock,
      title: t('{minutes} minutes', { minutes }),
      text: t(
        'The clock starts when you press Start and keeps running if you leave or reload the page. At zero, your answers are handed in.',
      ),
    },
    {
      icon: CircleCheck,
      title: t('{percent}% to pass', { percent: PASS_MARK_PERCENT }),
      text: t('{right} of {total} right. Passing adds {stack} to your profile as an assessed skill.', {
        right: rightToPass,
        total: TEST_QUESTION_COUNT,
        stack,
      }),
    },
    {
      icon: History,
      title: t('{hours} after a fail', { hours: hoursText(RETRY_AFTER_HOURS) }),
      text: t(
        'If you do not pass, you can take the {stack} test again after {hours}; other stacks stay open.',
        {
          stack,
          hours: hoursText(RETRY_AFTER_HOURS),
        },
      ),
    },
  ];

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-16">
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">{t('Skill test')}</p>
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{stack}</h1>
      </div>
      <section
        aria-labelledby="intro-heading"
        className="grid gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8"
      >
        <h2 id="intro-heading" className="text-lg font-semibold">
          {t('Before you start')}
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
            {t('Not ready? The test waits {hours} for you to start it.', {
              hours: hoursText(START_WITHIN_HOURS),
            })}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button asChild variant="outline">
              <Link to="/">{t('Not now')}</Link>
            </Button>
            <SubmitButton
              type="button"
              pending={starting.isLoading}
              variant="default"
              size="default"
              onClick={() => void begin()}
            >
              {t('Start the test')}
            </SubmitButton>
          </div>
        </div>
      </section>
    </div>
  );
}
