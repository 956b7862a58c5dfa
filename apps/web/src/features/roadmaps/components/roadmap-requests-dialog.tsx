import { FAILURE_TITLE } from '@skillroute/shared/errors';
import type { RoadmapSummary } from '@skillroute/shared/roadmap-api';
import { roadmapMessages } from '@skillroute/shared/roadmap-rules';
import { feedbackSchema } from '@skillroute/shared/roadmap-fields';
import { ExternalLink, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useGetAdminRoadmapsQuery, useReviewRoadmapMutation } from '../api';

/** Spec §8: the same two toasts whatever the decision was. */
function useReview() {
  const [review, state] = useReviewRoadmapMutation();
  async function decide(body: Parameters<typeof review>[0]): Promise<boolean> {
    const result = await review(body);
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: t('There was a problem with your request.'),
      });
      return false;
    }
    toast({ title: translate(roadmapMessages.reviewed) });
    return true;
  }
  return [decide, state.isLoading] as const;
}

/** The first message of the feedback rule, or undefined when the feedback may be sent. */
export function feedbackError(feedback: string): string | undefined {
  const result = feedbackSchema.safeParse(feedback);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * "Roadmap Requests": the submitted roadmaps waiting for a decision (spec §2). The button says how many wait,
 * so an admin sees there is work before opening it; the list is read on arrival and again on each opening.
 */
export function RoadmapRequestsDialog() {
  const [open, setOpen] = useState(false);
  const { data, isLoading, isError, refetch } = useGetAdminRoadmapsQuery('drafted', {
    refetchOnMountOrArgChange: true,
  });
  const requests = data?.roadmaps ?? [];
  const waiting = data?.roadmaps.length ?? 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refetch();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button">
          {t('Roadmap Requests')}
          {waiting > 0 && (
            <>
              <span
                aria-hidden="true"
                className="ml-1 rounded-full bg-primary-foreground px-2 py-0.5 text-xs font-semibold text-primary tabular-nums"
              >
                {waiting}
              </span>
              <span className="sr-only">, {t('{count} waiting', { count: waiting })}</span>
            </>
          )}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[85dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('Roadmap Requests')}</DialogTitle>
          <DialogDescription>{t('Roadmaps submitted for publication, oldest first.')}</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : isError ? (
          <p role="alert">{translate(roadmapMessages.loadError)}</p>
        ) : requests.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{translate(roadmapMessages.noRequests)}</p>
        ) : (
          <ul className="grid gap-3">
            {requests.map((roadmap) => (
              <RequestItem key={roadmap.id} roadmap={roadmap} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RequestItem({ roadmap }: { roadmap: RoadmapSummary }) {
  const [rejecting, setRejecting] = useState(false);
  const [feedback, setFeedback] = useState('');
  const [touched, setTouched] = useState(false);
  const [decide, pending] = useReview();
  const error = feedbackError(feedback);
  const feedbackId = `feedback-${roadmap.id}`;

  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">{roadmap.title}</p>
          <p className="text-sm text-muted-foreground">
            {t('by {name} · {count} topics', { name: roadmap.author.name, count: roadmap.nodeCount })}
          </p>
          {roadmap.adminFeedback && (
            <p className="mt-1 text-sm">
              {t('Earlier feedback: {feedback}', { feedback: roadmap.adminFeedback })}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button asChild size="sm" variant="outline">
            <a href={`/roadmap/${roadmap.id}`} target="_blank" rel="noopener noreferrer">
              {t('View')}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">{t('{title} (opens in a new tab)', { title: roadmap.title })}</span>
            </a>
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={t('Actions for {title}', { title: roadmap.title })}
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem
                disabled={pending}
                onSelect={() =>
                  void decide({ roadmapId: roadmap.id, status: 'published', adminFeedback: '' })
                }
              >
                {t('Approve')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setRejecting(true)}>{t('Reject')}</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      {rejecting && (
        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (error === undefined)
              void decide({ roadmapId: roadmap.id, status: 'rejected', adminFeedback: feedback });
          }}
        >
          <Label htmlFor={feedbackId}>{t('Feedback for the author')}</Label>
          <Input
            id={feedbackId}
            autoFocus
            value={feedback}
            aria-invalid={touched && error !== undefined}
            aria-describedby={touched && error ? `${feedbackId}-error` : undefined}
            onChange={(event) => {
              setFeedback(event.target.value);
              setTouched(true);
            }}
          />
          {touched && error && (
            <p
              id={`${feedbackId}-error`}
              role="alert"
              className="text-sm font-medium text-destructive dark:text-red-300"
            >
              {translate(error)}
            </p>
          )}
          <div className="flex gap-2">
            <SubmitButton pending={pending} disabled={error !== undefined} variant="destructive" size="sm">
              {t('Submit Rejection')}
            </SubmitButton>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              {t('Cancel')}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
