import type { Booking } from '@skillroute/shared/bookings';
import {
  LEARNING_TOPICS_MAX,
  RECOMMENDATION_NOTE_MAX,
  recommendationsBodySchema,
  type BookingLearningResponse,
} from '@skillroute/shared/learning';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { t, translate } from '@/lib/i18n';
import { useGetBookingLearningQuery, useRecommendTopicsMutation } from '../api';

const TITLE_MARK = '\u0000';

/** A topic's status as the mentor reads it. */
function statusWord(status: 'done' | 'in_progress' | 'skipped' | 'pending'): string {
  switch (status) {
    case 'done':
      return t('Done');
    case 'in_progress':
      return t('In progress');
    case 'skipped':
      return t('Skipped');
    case 'pending':
      return t('Not started');
  }
}

/**
 * A session about one of the mentee's roadmaps (DESIGN.md §4b), on a booking of /profile/bookings. The mentor
 * reads the roadmap, the mentee's progress on it, the chosen topics with their status and the notes shared,
 * and once the session has started may recommend topics; the mentee reads which roadmap they chose.
 */
export function SessionLearning({
  booking,
  isMentor,
  canRecommend,
}: {
  booking: Booking & { learning: NonNullable<Booking['learning']> };
  isMentor: boolean;
  canRecommend: boolean;
}) {
  const id = useId();
  if (!isMentor) {
    // The sentence whole for the translator; the roadmap's link goes where it says {title}.
    const [before, after = ''] = t('About your roadmap {title}', { title: TITLE_MARK }).split(TITLE_MARK);
    return (
      <p className="text-sm">
        <span className="text-muted-foreground">{before}</span>
        <Link
          to={`/roadmap/${encodeURIComponent(booking.learning.roadmapId)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {booking.learning.title}
        </Link>
        {after && <span className="text-muted-foreground">{after}</span>}
        {booking.learning.shareNotes && (
          <span className="text-muted-foreground">
            {' · '}
            {t('your notes on the chosen topics are shared')}
          </span>
        )}
      </p>
    );
  }
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-md border p-3 text-sm">
      <h4 id={id} className="font-medium">
        {t('{name}’s roadmap: {title}', { name: booking.mentee.name, title: booking.learning.title })}
      </h4>
      <MentorLearning booking={booking} canRecommend={canRecommend} />
    </section>
  );
}

function MentorLearning({ booking, canRecommend }: { booking: Booking; canRecommend: boolean }) {
  const { data, isError, refetch } = useGetBookingLearningQuery(booking.id);
  if (isError)
    return (
      <p role="alert" className="text-muted-foreground">
        {t('The roadmap could not be loaded.')}{' '}
        <button type="button" className="font-medium underline" onClick={() => void refetch()}>
          {t('Try again')}
        </button>
      </p>
    );
  if (!data) return <p className="text-muted-foreground">{t('Loading the roadmap…')}</p>;
  return (
    <>
      <p>
        {t('{done} of {total} topics done, {inProgress} in progress', {
          done: data.progress.done,
          total: data.progress.total,
          inProgress: data.progress.inProgress,
        })}
      </p>
      {data.topics.length > 0 && (
        <ul aria-label={t('Topics chosen for the session')} className="grid gap-1.5">
          {data.topics.map((topic) => (
            <li key={topic.nodeId} className="grid gap-0.5">
              <span>
                <span className="font-medium [overflow-wrap:anywhere]">{topic.label}</span>
                <span className="text-muted-foreground"> · {statusWord(topic.status)}</span>
              </span>
              {topic.note !== undefined && (
                <blockquote className="border-l-2 pl-2 whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
                  {topic.note}
                </blockquote>
              )}
            </li>
          ))}
        </ul>
      )}
      {canRecommend && <RecommendDialog booking={booking} learning={data} />}
    </>
  );
}

/** The mentor's "Recommend topics": up to ten topics of the session's roadmap and a short note. */
function RecommendDialog({ booking, learning }: { booking: Booking; learning: BookingLearningResponse }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [recommend, recommending] = useRecommendTopicsMutation();
  const full = chosen.length >= LEARNING_TOPICS_MAX;

  function openChange(next: boolean) {
    if (recommending.isLoading) return;
    setOpen(next);
    if (next) {
      setChosen([]);
      setNote('');
      setFailure(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The endpoint's own rules: one to ten topics, a note of at most RECOMMENDATION_NOTE_MAX characters.
    const checked = recommendationsBodySchema.safeParse({ nodeIds: chosen, note });
    if (!checked.success) {
      setFailure(checked.error.issues[0]?.message ?? t('Check the topics and the note.'));
      return;
    }
    setFailure(null);
    const result = await recommend({ id: booking.id, ...checked.data });
    if (result.error) {
      setFailure(errorMessage(result.error, t('The recommendation could not be sent. Please try again.')));
      return;
    }
    setOpen(false);
    toast({
      title: t('Topics recommended'),
      description: t('{name} will see them on {title}.', {
        name: booking.mentee.name,
        title: learning.roadmap.title,
      }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" className="justify-self-start">
          {t('Recommend topics')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('Recommend topics')}</DialogTitle>
            <DialogDescription>
              {t('Topics of {title} for {name} to study next.', {
                title: learning.roadmap.title,
                name: booking.mentee.name,
              })}
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-1.5" aria-describedby={`${id}-count`}>
            <legend className="text-sm font-medium">{t('Topics')}</legend>
            <p id={`${id}-count`} className="text-xs text-muted-foreground" aria-live="polite">
              {t('{count} of {max} chosen', { count: chosen.length, max: LEARNING_TOPICS_MAX })}
            </p>
            <ul className="grid max-h-60 gap-1 overflow-y-auto">
              {learning.roadmapTopics.map((topic) => {
                const checked = chosen.includes(topic.nodeId);
                return (
                  <li key={topic.nodeId}>
                    <label className="flex items-center gap-2 text-sm [overflow-wrap:anywhere]">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(event) =>
                          setChosen((ids) =>
                            event.target.checked
                              ? [...ids, topic.nodeId]
                              : ids.filter((nodeId) => nodeId !== topic.nodeId),
                          )
                        }
                      />
                      {topic.label}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <FormField
            id={`${id}-note`}
            label={t('Note (optional)')}
            hint={`${note.length}/${RECOMMENDATION_NOTE_MAX}`}
          >
            {(control) => (
              <Textarea
                {...control}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                rows={3}
              />
            )}
          </FormField>
          {failure && <FormAlert>{translate(failure)}</FormAlert>}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={recommending.isLoading}
              onClick={() => openChange(false)}
            >
              {t('Close')}
            </Button>
            <SubmitButton pending={recommending.isLoading} size="default">
              {t('Recommend')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
