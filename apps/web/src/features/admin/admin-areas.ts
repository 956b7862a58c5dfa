import {
  Banknote,
  ClipboardCheck,
  History,
  LayoutDashboard,
  Map as MapIcon,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { t } from '@/lib/i18n';

export interface AdminArea {
  /** Path under /admin/ ('' for the dashboard). */
  path: string;
  /** The navigation's short label, in the reader's language. */
  label: () => string;
  icon: LucideIcon;
}

/**
 * The admin area's one navigation, on every admin page (issue 15): the dashboard, then each list an admin
 * works through. The routes of spec §2 keep their spelling (assessment-managment).
 */
export const adminAreas: AdminArea[] = [
  { path: '', label: () => t('Dashboard'), icon: LayoutDashboard },
  { path: 'roadmap-management', label: () => t('Roadmaps'), icon: MapIcon },
  { path: 'assessment-managment', label: () => t('Assessments'), icon: ClipboardCheck },
  { path: 'user-management', label: () => t('Users'), icon: Users },
  { path: 'bookings', label: () => t('Bookings'), icon: Wallet },
  { path: 'payouts', label: () => t('Payouts'), icon: Banknote },
  { path: 'audit', label: () => t('Audit'), icon: History },
];

export const adminPath = (path: string) => `/admin/${path}`;
