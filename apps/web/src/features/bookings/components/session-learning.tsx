import type { Booking } from '@skillroute/shared/bookings';
import {
  LEARNING_TOPICS_MAX,
  RECOMMENDATION_NOTE_MAX,
  progressLine,
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
import { useGetBookingLearningQuery, useRecommendTopicsMutation } from '../api';

const statusWords = { done: 'Done', in_progress: 'In progress', skipped: 'Skipped', pending: 'Not started' };

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
  if (!isMentor)
    return (
      <p className="text-sm">
        <span className="text-muted-foreground">About your roadmap </span>
        <Link
          to={`/roadmap/${encodeURIComponent(booking.learning.roadmapId)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {booking.learning.title}
        </Link>
        {booking.learning.shareNotes && (
          <span className="text-muted-foreground"> · your notes on the chosen topics are shared</span>
        )}
      </p>
    );
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-md border p-3 text-sm">
      <h4 id={id} className="font-medium">
        {booking.mentee.name}’s roadmap: {booking.learning.title}
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
        The roadmap could not be loaded.{' '}
        <button type="button" className="font-medium underline" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  if (!data) return <p className="text-muted-foreground">Loading the roadmap…</p>;
  return (
    <>
      <p>{progressLine(data.progress)}</p>
      {data.topics.length > 0 && (
        <ul aria-label="Topics chosen for the session" className="grid gap-1.5">
          {data.topics.map((topic) => (
            <li key={topic.nodeId} className="grid gap-0.5">
              <span>
                <span className="font-medium [overflow-wrap:anywhere]">{topic.label}</span>
                <span className="text-muted-foreground"> · {statusWords[topic.status]}</span>
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
      setFailure(checked.error.issues[0]?.message ?? 'Check the topics and the note.');
      return;
    }
    setFailure(null);
    const result = await recommend({ id: booking.id, ...checked.data });
    if (result.error) {
      setFailure(errorMessage(result.error, 'The recommendation could not be sent. Please try again.'));
      return;
    }
    setOpen(false);
    toast({
      title: 'Topics recommended',
      description: `${booking.mentee.name} will see them on ${learning.roadmap.title}.`,
    });
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" className="justify-self-start">
          Recommend topics
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Recommend topics</DialogTitle>
            <DialogDescription>
              Topics of {learning.roadmap.title} for {booking.mentee.name} to study next.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-1.5" aria-describedby={`${id}-count`}>
            <legend className="text-sm font-medium">Topics</legend>
            <p id={`${id}-count`} className="text-xs text-muted-foreground" aria-live="polite">
              {chosen.length} of {LEARNING_TOPICS_MAX} chosen
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
            label="Note (optional)"
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
          {failure && <FormAlert>{failure}</FormAlert>}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={recommending.isLoading}
              onClick={() => openChange(false)}
            >
              Close
            </Button>
            <SubmitButton pending={recommending.isLoading} size="default">
              Recommend
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
