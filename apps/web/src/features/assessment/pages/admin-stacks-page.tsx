import { assessmentMessages } from '@skillroute/shared/assessments';
import { useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { t, translate } from '@/lib/i18n';
import { useGetAdminStacksQuery } from '../api';
import { AddStackForm } from '../components/add-stack-form';
import { StackRow } from '../components/stack-row';

/** /admin/assessment-managment (spec §2, DESIGN.md §4 "Admin"): the stacks of the question bank. */
export function AdminStacksPage() {
  const { data, isLoading, isError } = useGetAdminStacksQuery(undefined, { refetchOnMountOrArgChange: true });
  const heading = useRef<HTMLHeadingElement>(null);
  const stacks = data?.stacks ?? [];

  return (
    <section
      aria-labelledby="assessment-management-title"
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6"
    >
      <div className="grid gap-2">
        {/* Focusable so a deletion, which takes its Delete button away, can leave focus somewhere sensible. */}
        <h1
          id="assessment-management-title"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight outline-none"
        >
          {t('Assessment management')}
        </h1>
        <p className="text-muted-foreground">
          {t('The stacks mentors are tested in. Open one to write its questions.')}
        </p>
      </div>
      <AddStackForm />
      {isLoading ? (
        <div aria-busy="true" className="grid gap-4">
          <p>{translate(assessmentMessages.loadingStacks)}</p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-44" />
            <Skeleton className="h-44" />
            <Skeleton className="h-44" />
          </div>
        </div>
      ) : isError ? (
        <p role="alert">{translate(assessmentMessages.stacksError)}</p>
      ) : stacks.length === 0 ? (
        <p className="text-muted-foreground">{t('No stacks yet.')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stacks.map((stack) => (
            <li key={stack.id} className="flex">
              <StackRow stack={stack} onDeleted={() => heading.current?.focus()} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
