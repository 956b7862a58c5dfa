import type { AssessmentTest } from '@skillroute/shared/assessments';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { useGetTestQuery } from '../api';
import { TestIntroduction } from '../components/test-introduction';
import { TestResultView } from '../components/test-result';
import { TestRunner } from '../components/test-runner';

/**
 * /assessment/{id}: the timed skill test, full screen without the header (spec §2). Until its taker presses
 * Start it is the test's introduction, and its clock is not running (decision 025). The test, its clock and
 * the answers saved so far come from the server, so a reload picks up where the taker was. The root layout's
 * <main> holds it: no second landmark here.
 */
export function AssessmentPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, fulfilledTimeStamp } = useGetTestQuery(id, {
    refetchOnMountOrArgChange: true,
  });

  if (isLoading) {
    return (
      <div aria-busy="true" className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-10">
        <h1 className="sr-only">{t('Loading the test')}</h1>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!data) {
    const status = errorStatus(error);
    return (
      <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight">
          {status === 403
            ? t('Not your test')
            : status === 404
              ? t('Test not found')
              : t('The test could not be loaded')}
        </h1>
        <p className="text-muted-foreground">{errorMessage(error, FAILURE_TITLE)}</p>
        <Button asChild>
          <Link to="/">{t('Return to Home')}</Link>
        </Button>
      </div>
    );
  }
  return <AssessmentView test={data} receivedAtMs={fulfilledTimeStamp} />;
}

function AssessmentView({ test, receivedAtMs }: { test: AssessmentTest; receivedAtMs: number | undefined }) {
  // Seen on this page before Start: once the clock runs, the first question takes the focus Start had.
  const [introduced] = useState(test.startedAt === null);
  const { expiresAt, startedAt } = test;
  let view: ReactNode;
  if (test.result) view = <TestResultView stack={test.stack.name} result={test.result} />;
  else if (expiresAt === null || startedAt === null) view = <TestIntroduction test={test} />;
  // Keyed by test: a new test never inherits another's answers or clock.
  else
    view = (
      <TestRunner
        key={test.id}
        test={{ ...test, startedAt, expiresAt }}
        receivedAtMs={receivedAtMs}
        focusFirstQuestion={introduced}
      />
    );
  return <div className="min-h-dvh bg-muted/30">{view}</div>;
}
