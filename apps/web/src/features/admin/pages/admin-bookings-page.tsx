import { ADMIN_PAGE_SIZE, canRetryRefund, refundableByStaff } from '@skillroute/shared/admin-console';
import {
  BOOKING_STATUSES,
  type Booking,
  type BookingStatus,
  type RefundReason,
  type RefundStatus,
} from '@skillroute/shared/bookings';
import { formatPaise } from '@skillroute/shared/money';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { t } from '@/lib/i18n';
import { useGetAdminBookingsQuery } from '../api';
import { bookingStatusLabels } from '../dashboard-figures';
import { formatDate } from '../components/format';
import { ANY, ParamSelect, paramOneOf } from '../components/param-select';
import { Pager, pageFrom, withParam } from '../components/pager';
import { RefundDialog } from '../components/refund-dialog';
import { RetryRefundButton } from '../components/retry-refund-button';
import { ListState } from '../components/list-state';

const statusValues = [{ value: ANY }, ...BOOKING_STATUSES.map((value) => ({ value }))];

/** The status filter's options, in the reader's language (called while rendering). */
const statusOptions = (labels: Record<BookingStatus, string>) => [
  { value: ANY, label: t('All statuses') },
  ...BOOKING_STATUSES.map((value) => ({ value, label: labels[value] })),
];

/** Why money went back, as staff read it in the bookings list (called while rendering). */
export const refundReasonLabels = (): Record<RefundReason, string> => ({
  cancelled_by_mentee: t('the mentee cancelled'),
  cancelled_by_mentor: t('the mentor cancelled'),
  paid_after_slot_taken: t('paid after the hold lapsed and the hour was taken'),
  refunded_by_admin: t('refunded by an admin'),
  user_blocked: t('a person was blocked'),
  party_blocked: t('paid after a person was blocked'),
  mentor_no_show: t('the mentor did not join'),
});

/** A refund's amount and how it stands (called while rendering). */
function refundInWords(refund: { amount: number; status: RefundStatus }): string {
  const amount = formatPaise(refund.amount);
  if (refund.status === 'pending') return t('{amount} pending', { amount });
  if (refund.status === 'succeeded') return t('{amount} refunded', { amount });
  return t('{amount} refund failed', { amount });
}

/** What an admin may refund in full: a booking the shared rule allows, not refunded yet. */
const refundable = (booking: Booking) => refundableByStaff(booking.status) && booking.refund === undefined;

/**
 * /admin/bookings (issue 15): every booking with its amount, by status, and a full refund with a reason; a
 * refund that failed for good (DESIGN.md §4b) is marked and can be asked for again.
 */
export function AdminBookingsPage() {
  const [params, setParams] = useSearchParams();
  const status = paramOneOf<BookingStatus>(params.get('status'), statusValues);
  const page = pageFrom(params);
  const { data, isLoading, isError } = useGetAdminBookingsQuery(
    { status, page },
    { refetchOnMountOrArgChange: true },
  );
  const statusLabels = bookingStatusLabels();
  const reasonLabels = refundReasonLabels();

  return (
    <section
      aria-labelledby="admin-bookings-title"
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="admin-bookings-title" className="text-2xl font-bold tracking-tight">
          {t('Bookings')}
        </h1>
        <ParamSelect
          id="booking-status-label"
          label={t('Status')}
          param="status"
          options={statusOptions(statusLabels)}
          className="w-48"
        />
      </div>

      <ListState
        loadingText={t('Loading bookings...')}
        errorText={t('Error loading bookings.')}
        isLoading={isLoading}
        isError={isError}
        data={data}
        isEmpty={(loaded) => loaded.bookings.length === 0}
        empty={
          status
            ? t('No bookings with the status {status}.', { status: statusLabels[status].toLowerCase() })
            : t('No bookings.')
        }
        rowClassName="h-20"
      >
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">
              {t('{count, plural, one {{count} booking} other {{count} bookings}}', { count: data.total })}
            </p>
            <ul className="grid gap-3" aria-label={t('Bookings')}>
              {data.bookings.map((booking) => (
                <li
                  key={booking.id}
                  className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold">
                        {t('{mentee} with {mentor}', {
                          mentee: booking.mentee.name,
                          mentor: booking.mentor.name,
                        })}
                      </h2>
                      <Badge variant="secondary">{statusLabels[booking.status]}</Badge>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {formatDate(booking.startTime, true)} ·{' '}
                      <span className="font-medium text-foreground">{formatPaise(booking.amount)}</span>
                      {booking.refund && ` · ${refundInWords(booking.refund)}`}
                    </p>
                    {booking.refund && (
                      <p className="text-xs text-muted-foreground">
                        {t('Refund: {reason}', { reason: reasonLabels[booking.refund.reason] })}
                      </p>
                    )}
                    {booking.cancellation && (
                      <p className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
                        {t('Cancelled: {reason}', {
                          reason: booking.cancellation.reason || t('no reason given'),
                        })}
                      </p>
                    )}
                  </div>
                  {refundable(booking) && <RefundDialog booking={booking} />}
                  {canRetryRefund(booking.refund?.status) && <RetryRefundButton booking={booking} />}
                </li>
              ))}
            </ul>
            <Pager
              label={t('Pages of bookings')}
              page={page}
              limit={ADMIN_PAGE_SIZE}
              total={data.total}
              onPage={(next) => setParams(withParam(params, 'page', String(next)))}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
