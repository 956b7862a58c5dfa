import { passRate, type DashboardResponse } from '@skillroute/shared/admin-console';
import type { BookingStatus } from '@skillroute/shared/bookings';
import { formatPaise } from '@skillroute/shared/money';
import { t } from '@/lib/i18n';
import { adminDateLocale } from './components/format';

/** How the admin pages name a booking's status, in the reader's language (called while rendering). */
export function bookingStatusLabels(): Record<BookingStatus, string> {
  return {
    pending_payment: t('Awaiting payment'),
    confirmed: t('Confirmed'),
    completed: t('Completed'),
    expired: t('Expired'),
    payment_failed: t('Payment failed'),
    cancelled: t('Cancelled'),
    no_show: t('No-show'),
  };
}

/** "24 Nov" for a UTC date "2026-11-24" (the dashboard's days are UTC days). */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat(adminDateLocale(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export interface Figure {
  label: string;
  value: string;
  /** The list behind the count. */
  to: string;
}

export interface FigureGroup {
  /** Names the group's heading in the page, the same in every language. */
  id: string;
  title: string;
  figures: Figure[];
}

/** The dashboard's counts in groups, each linking to the list behind it (called while rendering). */
export function figureGroups(totals: DashboardResponse['totals']): FigureGroup[] {
  const rate = passRate(totals.tests);
  const statusLabels = bookingStatusLabels();
  return [
    {
      id: 'people',
      title: t('People'),
      figures: [
        { label: t('Users'), value: String(totals.users), to: '/admin/user-management' },
        { label: t('Mentors'), value: String(totals.mentors), to: '/admin/user-management?role=mentor' },
        {
          label: t('Blocked users'),
          value: String(totals.blockedUsers),
          to: '/admin/user-management?blocked=true',
        },
      ],
    },
    {
      id: 'money',
      title: t('Money'),
      figures: [
        { label: t('Revenue'), value: formatPaise(totals.revenue), to: '/admin/bookings' },
        { label: t('Refunds'), value: formatPaise(totals.refunds), to: '/admin/bookings?status=cancelled' },
        { label: t('Platform fees'), value: formatPaise(totals.platformFees), to: '/admin/bookings' },
        { label: t('GST on fees'), value: formatPaise(totals.gstOnFees), to: '/admin/bookings' },
      ],
    },
    {
      id: 'earnings',
      title: t("Mentors' earnings"),
      figures: [
        {
          label: t('Pending'),
          value: formatPaise(totals.mentorPending),
          to: '/admin/bookings?status=confirmed',
        },
        { label: t('Available'), value: formatPaise(totals.mentorAvailable), to: '/admin/payouts' },
        { label: t('Paid out'), value: formatPaise(totals.paidOut), to: '/admin/payouts?status=paid' },
      ],
    },
    {
      id: 'bookings',
      title: t('Bookings'),
      figures: (Object.keys(statusLabels) as BookingStatus[]).map((status) => ({
        label: statusLabels[status],
        value: String(totals.bookings[status]),
        to: `/admin/bookings?status=${status}`,
      })),
    },
    {
      id: 'roadmaps',
      title: t('Roadmaps'),
      figures: [
        {
          label: t('Awaiting review or drafted'),
          value: String(totals.roadmaps.drafted),
          to: '/admin/roadmap-management',
        },
        { label: t('Published'), value: String(totals.roadmaps.published), to: '/admin/roadmap-management' },
        { label: t('Rejected'), value: String(totals.roadmaps.rejected), to: '/admin/roadmap-management' },
      ],
    },
    {
      id: 'tests',
      title: t('Tests'),
      figures: [
        { label: t('Tests taken'), value: String(totals.tests.taken), to: '/admin/assessment-managment' },
        { label: t('Passed'), value: String(totals.tests.passed), to: '/admin/assessment-managment' },
        { label: t('Pass rate'), value: rate === null ? '–' : `${rate}%`, to: '/admin/assessment-managment' },
      ],
    },
  ];
}

/** Whether the 30 days hold anything worth a chart. */
export const hasActivity = (daily: DashboardResponse['daily']) =>
  daily.some((day) => day.signUps > 0 || day.bookings > 0 || day.revenue > 0);
