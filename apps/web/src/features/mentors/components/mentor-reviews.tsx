import type { MentorReview } from '@skillroute/shared/bookings';
import { MessageSquare, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useGetMentorReviewsInfiniteQuery } from '../api';
import { formatDay } from '../format';
import { LoadError } from './load-error';
import { MentorAvatar } from './mentor-avatar';

/** The written reviews on a mentor's profile, newest first, a page at a time ("Show more"). */
export function MentorReviews({ mentorId }: { mentorId: string }) {
  const list = useGetMentorReviewsInfiniteQuery(mentorId);
  const reviews = list.data?.pages.flatMap((page) => page.reviews) ?? [];

  if (list.isLoading) return <ReviewsSkeleton />;
  if (list.isError && reviews.length === 0) {
    return (
      <LoadError compact onRetry={() => void list.refetch()}>
        <p>{t('The reviews could not be loaded.')}</p>
      </LoadError>
    );
  }
  if (reviews.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        <MessageSquare className="size-8" aria-hidden="true" />
        <p>{t('No reviews yet')}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('Reviews, newest first')} className="flex flex-col gap-3">
        {reviews.map((review, index) => (
          // Reviews carry no id of their own; a page's order is fixed (newest first, ties by booking).
          <ReviewItem key={`${review.createdAt}-${index}`} review={review} />
        ))}
      </ul>
      {list.isFetchNextPageError && (
        <FormAlert>{t('More reviews could not be loaded. Please try again.')}</FormAlert>
      )}
      {list.hasNextPage && (
        <Button
          type="button"
          variant="outline"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage && <Spinner />}
          {t('Show more')}
        </Button>
      )}
    </div>
  );
}

/** The reviews' place while they load (the profile shows it until its first picture is painted, too). */
export function ReviewsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        {t('Loading reviews…')}
      </span>
      {[0, 1].map((row) => (
        <Skeleton key={row} className="h-24 w-full rounded-xl" />
      ))}
    </div>
  );
}

function ReviewItem({ review }: { review: MentorReview }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground">
      <div className="flex items-center gap-3">
        <MentorAvatar name={review.author.name} avatar={review.author.avatar} className="size-10 text-sm" />
        <div className="flex min-w-0 flex-col">
          <p className="font-medium [overflow-wrap:anywhere]">{review.author.name}</p>
          <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
            {formatDay(review.createdAt)}
          </time>
        </div>
      </div>
      <Stars rating={review.rating} />
      {review.comment && (
        <p className="whitespace-pre-line text-pretty [overflow-wrap:anywhere]">{review.comment}</p>
      )}
    </li>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={t('{rating} out of 5 stars', { rating })} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn(
            'size-4',
            star <= rating
              ? 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300'
              : 'text-muted-foreground/40',
          )}
        />
      ))}
    </span>
  );
}
