import { RETRY_AFTER_HOURS, type TestResult } from '@skillroute/shared/assessments';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { currentLocale, intlLocale, t } from '@/lib/i18n';
import { ELEMENT_SLOT, withElement } from '@/lib/message-with-element';
import { cn } from '@/lib/utils';
import { hoursText } from '../texts';

const percentOf = (result: TestResult) =>
  result.total === 0 ? 0 : Math.round((result.score * 100) / result.total);

/** The result screen: the score, the pass mark and what happens next. */
export function TestResultView({ stack, result }: { stack: string; result: TestResult }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen changes under the taker's feet: take them (and their screen reader) to the outcome.
  useEffect(() => heading.current?.focus(), []);
  const Icon = result.passed ? CircleCheck : CircleX;

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-12 sm:py-16">
      <section
        aria-labelledby="result-heading"
        className="grid justify-items-center gap-5 rounded-xl border bg-card p-6 text-center text-card-foreground shadow-sm sm:p-10"
      >
        <Icon
          className={cn(
            'size-14',
            result.passed ? 'text-emerald-600 dark:text-emerald-400' : 'text-destructive dark:text-red-300',
          )}
          aria-hidden="true"
        />
        <h1
          id="result-heading"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight outline-none"
        >
          {result.passed
            ? t('You passed the {stack} test', { stack })
            : t('You did not pass the {stack} test this time', { stack })}
        </h1>
        <dl className="grid w-full grid-cols-2 gap-4">
          <div className="rounded-lg bg-muted p-4">
            <dt className="text-sm text-muted-foreground">{t('Your score')}</dt>
            <dd className="text-3xl font-bold tabular-nums">
              {result.score} / {result.total}
              <span className="block text-base font-medium text-muted-foreground">{percentOf(result)}%</span>
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-4">
            <dt className="text-sm text-muted-foreground">{t('Pass mark')}</dt>
            <dd className="text-3xl font-bold tabular-nums">{result.passMark}%</dd>
          </div>
        </dl>
        {result.late && (
          <p className="text-sm text-muted-foreground">
            {t('Time ran out: the answers saved before the end were scored.')}
          </p>
        )}
        {result.passed ? (
          <>
            <p>
              {t(
                'You are now a mentor. {stack} is on your profile as an assessed skill; check your headline, bio and languages there.',
                { stack },
              )}
            </p>
            <Button asChild>
              <Link to="/profile/general">{t('Go to your profile')}</Link>
            </Button>
          </>
        ) : (
          <>
            <p>
              {withElement(
                t(
                  'You need {passMark}% to pass. You can take the {stack} test again after {when}; other stacks are open now.',
                  { passMark: result.passMark, stack, when: ELEMENT_SLOT },
                ),
                result.retryAt ? (
                  <time dateTime={result.retryAt}>{formatWhen(result.retryAt)}</time>
                ) : (
                  hoursText(RETRY_AFTER_HOURS)
                ),
              )}
            </p>
            <Button asChild>
              <Link to="/">{t('Return to Home')}</Link>
            </Button>
          </>
        )}
      </section>
    </div>
  );
}

function formatWhen(iso: string): string {
  // The browser's own format in English, as before; Hindi in the Indian way.
  return new Intl.DateTimeFormat(currentLocale() === 'en' ? undefined : intlLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
