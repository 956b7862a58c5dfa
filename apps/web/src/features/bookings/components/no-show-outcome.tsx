import type { Booking } from '@skillroute/shared/bookings';
import { noShowVerdict } from '@skillroute/shared/no-shows';
import { formatSessionTime } from '@/lib/session-time';
import { t, translate } from '@/lib/i18n';

/**
 * What was decided about a session someone never joined (DESIGN.md §4b), as the reader is its mentor or its
 * mentee, with when each person first joined the room by the server's clock, in the reader's zone.
 */
export function NoShowOutcome({ booking, userId, zone }: { booking: Booking; userId: string; zone: string }) {
  if (booking.status !== 'no_show' || booking.noShow === undefined) return null;
  const viewer = booking.mentorId === userId ? 'mentor' : 'mentee';
  const joinedAt = (instant: string | null | undefined) =>
    instant ? <time dateTime={instant}>{formatSessionTime(instant, zone)}</time> : t('Did not join');
  return (
    <section aria-label={t('What was decided')} className="grid gap-2 rounded-md bg-muted/60 p-3 text-sm">
      <p className="font-medium">{translate(noShowVerdict(booking.noShow, viewer))}</p>
      {booking.presence && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">
            {viewer === 'mentor' ? t('You joined') : t('Mentor joined')}
          </dt>
          <dd>{joinedAt(booking.presence.mentorJoinedAt)}</dd>
          <dt className="text-muted-foreground">
            {viewer === 'mentee' ? t('You joined') : t('Mentee joined')}
          </dt>
          <dd>{joinedAt(booking.presence.menteeJoinedAt)}</dd>
        </dl>
      )}
    </section>
  );
}
