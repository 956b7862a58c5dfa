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

export interface AdminArea {
  /** Path under /admin/ ('' for the dashboard). */
  path: string;
  /** The navigation's short label. */
  label: string;
  icon: LucideIcon;
}

/**
 * The admin area's one navigation, on every admin page (issue 15): the dashboard, then each list an admin
 * works through. The routes of spec §2 keep their spelling (assessment-managment).
 */
export const adminAreas: AdminArea[] = [
  { path: '', label: 'Dashboard', icon: LayoutDashboard },
  { path: 'roadmap-management', label: 'Roadmaps', icon: MapIcon },
  { path: 'assessment-managment', label: 'Assessments', icon: ClipboardCheck },
  { path: 'user-management', label: 'Users', icon: Users },
  { path: 'bookings', label: 'Bookings', icon: Wallet },
  { path: 'payouts', label: 'Payouts', icon: Banknote },
  { path: 'audit', label: 'Audit', icon: History },
];

export const adminPath = (path: string) => `/admin/${path}`;
