import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_COMMENT_MAX,
  reviewBodySchema,
  type Booking,
  type ReviewBody,
} from '@skillroute/shared/bookings';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
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
import { cn } from '@/lib/utils';
import { toast } from '@/lib/use-toast';
import { t, translate } from '@/lib/i18n';
import { useReviewBookingMutation } from '../api';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** The mentee's review of a completed session (DESIGN.md §4): 1 to 5 stars and an optional comment. */
export function ReviewDialog({ booking }: { booking: Booking }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [review, reviewing] = useReviewBookingMutation();
  const form = useForm<z.input<typeof reviewBodySchema>, unknown, ReviewBody>({
    resolver: zodResolver(reviewBodySchema),
    // No rating until a star is chosen: the schema's own message asks for one.
    defaultValues: { comment: '' },
    // Messages change only when the form is sent, and focus stays on the button that sent it.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { value: rating, onChange: chooseRating } = useController({
    control: form.control,
    name: 'rating',
  }).field;
  const comment = useWatch({ control: form.control, name: 'comment' });
  const { errors } = form.formState;

  function openChange(next: boolean) {
    if (reviewing.isLoading) return;
    setOpen(next);
    if (next) {
      form.reset();
      setFailure(null);
    }
  }

  async function submit(body: ReviewBody) {
    setFailure(null);
    const result = await review({ id: booking.id, ...body });
    if (result.error) {
      setFailure(errorMessage(result.error, t('The review could not be saved. Please try again.')));
      return;
    }
    setOpen(false);
    toast({
      title: t('Thank you for your review'),
      description: t('Your review of {name} is saved.', { name: booking.mentor.name }),
    });
  }

  const ratingErrorId = `${id}-rating-error`;
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          {t('Write a review')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('Review your session')}</DialogTitle>
            <DialogDescription>
              {t('How was your session with {name}?', { name: booking.mentor.name })}
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2" aria-describedby={errors.rating ? ratingErrorId : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('Rating')}</legend>
            <div className="flex gap-1">
              {RATINGS.map((value) => {
                const lit = rating !== undefined && value <= rating;
                return (
                  <label
                    key={value}
                    className="group relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60"
                  >
                    <input
                      type="radio"
                      name={`${id}-rating`}
                      value={value}
                      checked={rating === value}
                      onChange={() => chooseRating(value)}
                      aria-invalid={Boolean(errors.rating)}
                      className="sr-only"
                    />
                    <Star
                      className={cn(
                        'size-7',
                        lit
                          ? 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300'
                          : 'text-muted-foreground group-hover:text-amber-500',
                      )}
                      aria-hidden="true"
                    />
                    <span className="sr-only">
                      {t('{count, plural, one {# star} other {# stars}}', { count: value })}
                    </span>
                  </label>
                );
              })}
            </div>
            {errors.rating && (
              <p
                id={ratingErrorId}
                role="alert"
                className="text-sm font-medium text-destructive dark:text-red-300"
              >
                {errors.rating.message && translate(errors.rating.message)}
              </p>
            )}
          </fieldset>
          <FormField
            id={`${id}-comment`}
            label={t('Comment (optional)')}
            error={errors.comment?.message && translate(errors.comment.message)}
            hint={`${comment.length}/${REVIEW_COMMENT_MAX}`}
          >
            {(control) => <Textarea {...control} {...form.register('comment')} rows={4} />}
          </FormField>
          {failure && <FormAlert>{translate(failure)}</FormAlert>}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={reviewing.isLoading}
              onClick={() => openChange(false)}
            >
              {t('Close')}
            </Button>
            <SubmitButton pending={reviewing.isLoading} size="default">
              {t('Send review')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
