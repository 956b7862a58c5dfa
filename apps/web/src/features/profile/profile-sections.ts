import { CalendarCheck, Map as MapIcon, UserRound, type LucideIcon } from 'lucide-react';

export interface ProfileSection {
  /** Path under /profile. */
  path: string;
  label: string;
  icon: LucideIcon;
}

/** The profile side menu (spec §2: General, Roadmaps, Bookings). */
export const profileSections: ProfileSection[] = [
  { path: 'general', label: 'General', icon: UserRound },
  { path: 'roadmaps', label: 'Roadmaps', icon: MapIcon },
  { path: 'bookings', label: 'Bookings', icon: CalendarCheck },
];
