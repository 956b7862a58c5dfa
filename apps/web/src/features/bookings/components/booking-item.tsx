import type { Booking, BookingStatus } from '@skillroute/shared/bookings';
import { ROOM_OPENS_MINUTES_BEFORE } from '@skillroute/shared/meet';
import { FileDown, Star, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { initials } from '@/lib/initials';
import { formatPaise } from '@skillroute/shared/money';
import { cn } from '@/lib/utils';
import { formatSessionTime } from '@/lib/session-time';
import { useViewerZone } from '@/features/auth/api';
import { t, translate } from '@/lib/i18n';
import { bookingCreditNotePath, bookingReceiptPath } from '../api';
import {
  bookingActions,
  joinState,
  otherParty,
  refundFailedNote,
  refundStatusLabels,
  statusLabels,
} from '../rules';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { LiveHoldCountdown } from './hold-countdown';
import { NoShowOutcome } from './no-show-outcome';
import { ResumePaymentButton } from './resume-payment-button';
import { RescheduleDialog } from './reschedule-dialog';
import { ReviewDialog } from './review-dialog';
import { SessionLearning } from './session-learning';
import { SessionAgenda, SessionNotesForm, SessionNotesView } from './session-notes';

const statusTone: Record<BookingStatus, string> = {
  pending_payment: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200',
  confirmed: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
  completed: 'border-sky-500/40 bg-sky-500/10 text-sky-800 dark:text-sky-200',
  expired: 'border-border bg-muted text-muted-foreground',
  payment_failed: 'border-destructive/40 bg-destructive/10 text-destructive dark:text-red-200',
  cancelled: 'border-border bg-muted text-muted-foreground',
  no_show: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200',
};

/** The mentee's receipt and credit note, once issued: plain links, as the api sends each PDF as a download. */
function BookingDocuments({ booking, userId }: { booking: Booking; userId: string }) {
  if (booking.menteeId !== userId) return null;
  if (booking.receiptNumber === undefined && booking.creditNoteNumber === undefined) return null;
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {booking.receiptNumber !== undefined && (
        <a
          href={bookingReceiptPath(booking.id)}
          download
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          <FileDown aria-hidden="true" className="size-4" />
          {t('Download receipt')} <span className="sr-only">{booking.receiptNumber}</span>
        </a>
      )}
      {booking.creditNoteNumber !== undefined && (
        <a
          href={bookingCreditNotePath(booking.id)}
          download
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          <FileDown aria-hidden="true" className="size-4" />
          {t('Download credit note')} <span className="sr-only">{booking.creditNoteNumber}</span>
        </a>
      )}
    </div>
  );
}

/** One booking as the signed-in user sees it: when, with whom, what it cost, where it stands, and what they may do. */
export function BookingItem({ booking, userId, now }: { booking: Booking; userId: string; now: Date }) {
  const zone = useViewerZone();
  const other = otherParty(booking, userId);
  const actions = bookingActions(booking, userId, now);
  const join = joinState(booking, now);
  const titleId = `booking-${booking.id}`;
  const isMentor = booking.mentorId === userId;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar className="size-11" aria-hidden="true">
            {other.avatar && <AvatarImage src={other.avatar} alt="" />}
            <AvatarFallback className="bg-primary/10 text-sm font-semibold text-primary">
              {initials(other.name)}
            </AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
              {formatSessionTime(booking.startTime, zone)}
            </h3>
            <p className="text-sm text-muted-foreground">
              {other.role === 'Mentor' ? t('Mentor') : t('Mentee')}:{' '}
              <span className="text-foreground">{other.name}</span>
            </p>
          </div>
        </div>
        <Badge variant="outline" className={cn('text-xs', statusTone[booking.status])}>
          {statusLabels[booking.status]}
        </Badge>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('Amount')}</dt>
        <dd>{formatPaise(booking.amount)}</dd>
        {booking.previousStartTimes.length > 0 && (
          <>
            <dt className="text-muted-foreground">{t('Moved from')}</dt>
            <dd>
              <ul>
                {booking.previousStartTimes.map((start) => (
                  <li key={start}>{formatSessionTime(start, zone)}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {booking.refund && (
          <>
            <dt className="text-muted-foreground">{t('Refund')}</dt>
            <dd>
              {formatPaise(booking.refund.amount)} · {refundStatusLabels[booking.refund.status]}
              {booking.refund.status === 'failed' && (
                <span className="block text-xs text-destructive">{refundFailedNote()}</span>
              )}
            </dd>
          </>
        )}
        {booking.cancellation && (
          <>
            <dt className="text-muted-foreground">{t('Cancelled by')}</dt>
            <dd>
              {booking.cancellation.cancelledBy === 'staff'
                ? 'Skillroute'
                : booking.cancellation.cancelledBy === (booking.mentorId === userId ? 'mentor' : 'mentee')
                  ? t('You')
                  : other.role === 'Mentor'
                    ? t('Your mentor')
                    : t('Your mentee')}
            </dd>
            <dt className="text-muted-foreground">{t('Reason')}</dt>
            {/* A reason Skillroute wrote (an account suspended) in the reader's language; a person's as written. */}
            <dd className="whitespace-pre-line [overflow-wrap:anywhere]">
              {translate(booking.cancellation.reason)}
            </dd>
          </>
        )}
      </dl>

      <NoShowOutcome booking={booking} userId={userId} zone={zone} />

      <BookingDocuments booking={booking} userId={userId} />

      {booking.review && (
        <figure className="rounded-md bg-muted/60 p-3 text-sm">
          <figcaption className="mb-1 flex items-center gap-1 font-medium">
            <span className="sr-only">
              {t('Review: {rating} out of 5 stars', { rating: booking.review.rating })}
            </span>
            {[1, 2, 3, 4, 5].map((value) => (
              <Star
                key={value}
                aria-hidden="true"
                className={cn(
                  'size-4',
                  value <= booking.review!.rating
                    ? 'fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300'
                    : 'text-muted-foreground',
                )}
              />
            ))}
          </figcaption>
          {booking.review.comment && (
            <blockquote className="whitespace-pre-line [overflow-wrap:anywhere]">
              {booking.review.comment}
            </blockquote>
          )}
        </figure>
      )}

      {booking.agenda && (
        <SessionAgenda
          agenda={booking.agenda}
          heading={
            isMentor
              ? t('What {name} would like to talk about', { name: booking.mentee.name })
              : t('What you would like to talk about')
          }
        />
      )}

      {booking.learning && (
        <SessionLearning
          booking={{ ...booking, learning: booking.learning }}
          isMentor={isMentor}
          canRecommend={actions.writeNotes}
        />
      )}

      {actions.writeNotes ? (
        <SessionNotesForm booking={booking} zone={zone} />
      ) : (
        booking.notes && (
          <SessionNotesView notes={booking.notes} mentorName={booking.mentor.name} zone={zone} />
        )
      )}

      {actions.pay && <LiveHoldCountdown holdExpiresAt={booking.holdExpiresAt} />}

      {join === 'opens-later' && (
        <p className="text-sm text-muted-foreground">
          {t('Join opens {minutes} minutes before the start.', { minutes: ROOM_OPENS_MINUTES_BEFORE })}
        </p>
      )}

      {(join === 'open' || actions.pay || actions.reschedule || actions.cancel || actions.review) && (
        <div className="flex flex-wrap gap-2">
          {join === 'open' && (
            <Button asChild>
              <Link to={`/meet/${encodeURIComponent(booking.roomId)}`}>
                <Video aria-hidden="true" />
                {t('Join')}
              </Link>
            </Button>
          )}
          {actions.pay && <ResumePaymentButton booking={booking} />}
          {actions.reschedule && <RescheduleDialog booking={booking} zone={zone} />}
          {actions.cancel && <CancelBookingDialog booking={booking} userId={userId} />}
          {actions.review && <ReviewDialog booking={booking} />}
        </div>
      )}
    </article>
  );
}
