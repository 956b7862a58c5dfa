import { passRate, type DashboardResponse } from '@skillroute/shared/admin-console';
import type { BookingStatus } from '@skillroute/shared/bookings';
import { formatPaise } from '@skillroute/shared/money';

/** How the admin pages name a booking's status. */
export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  completed: 'Completed',
  expired: 'Expired',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** "24 Nov" for a UTC date "2026-11-24" (the dashboard's days are UTC days). */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export interface Figure {
  label: string;
  value: string;
  /** The list behind the count. */
  to: string;
}

export interface FigureGroup {
  title: string;
  figures: Figure[];
}

/** The dashboard's counts in groups, each linking to the list behind it. */
export function figureGroups(totals: DashboardResponse['totals']): FigureGroup[] {
  const rate = passRate(totals.tests);
  return [
    {
      title: 'People',
      figures: [
        { label: 'Users', value: String(totals.users), to: '/admin/user-management' },
        { label: 'Mentors', value: String(totals.mentors), to: '/admin/user-management?role=mentor' },
        {
          label: 'Blocked users',
          value: String(totals.blockedUsers),
          to: '/admin/user-management?blocked=true',
        },
      ],
    },
    {
      title: 'Money',
      figures: [
        { label: 'Revenue', value: formatPaise(totals.revenue), to: '/admin/bookings' },
        { label: 'Refunds', value: formatPaise(totals.refunds), to: '/admin/bookings?status=cancelled' },
        { label: 'Platform fees', value: formatPaise(totals.platformFees), to: '/admin/bookings' },
        { label: 'GST on fees', value: formatPaise(totals.gstOnFees), to: '/admin/bookings' },
      ],
    },
    {
      title: "Mentors' earnings",
      figures: [
        {
          label: 'Pending',
          value: formatPaise(totals.mentorPending),
          to: '/admin/bookings?status=confirmed',
        },
        { label: 'Available', value: formatPaise(totals.mentorAvailable), to: '/admin/payouts' },
        { label: 'Paid out', value: formatPaise(totals.paidOut), to: '/admin/payouts?status=paid' },
      ],
    },
    {
      title: 'Bookings',
      figures: (Object.keys(bookingStatusLabels) as BookingStatus[]).map((status) => ({
        label: bookingStatusLabels[status],
        value: String(totals.bookings[status]),
        to: `/admin/bookings?status=${status}`,
      })),
    },
    {
      title: 'Roadmaps',
      figures: [
        {
          label: 'Awaiting review or drafted',
          value: String(totals.roadmaps.drafted),
          to: '/admin/roadmap-management',
        },
        { label: 'Published', value: String(totals.roadmaps.published), to: '/admin/roadmap-management' },
        { label: 'Rejected', value: String(totals.roadmaps.rejected), to: '/admin/roadmap-management' },
      ],
    },
    {
      title: 'Tests',
      figures: [
        { label: 'Tests taken', value: String(totals.tests.taken), to: '/admin/assessment-managment' },
        { label: 'Passed', value: String(totals.tests.passed), to: '/admin/assessment-managment' },
        { label: 'Pass rate', value: rate === null ? '–' : `${rate}%`, to: '/admin/assessment-managment' },
      ],
    },
  ];
}

/** Whether the 30 days hold anything worth a chart. */
export const hasActivity = (daily: DashboardResponse['daily']) =>
  daily.some((day) => day.signUps > 0 || day.bookings > 0 || day.revenue > 0);
