import type { SessionUser } from '@/features/auth/api';
import { CalendarCheck, IndianRupee, Map as MapIcon, UserRound, type LucideIcon } from 'lucide-react';

export interface ProfileSection {
  /** Path under /profile. */
  path: string;
  label: string;
  icon: LucideIcon;
  /** Shown to mentors only. */
  mentorsOnly?: boolean;
}

/** The profile side menu (spec §2: General, Roadmaps, Bookings; issue 27: a mentor's Earnings). */
export const profileSections: ProfileSection[] = [
  { path: 'general', label: 'General', icon: UserRound },
  { path: 'roadmaps', label: 'Roadmaps', icon: MapIcon },
  { path: 'bookings', label: 'Bookings', icon: CalendarCheck },
  { path: 'earnings', label: 'Earnings', icon: IndianRupee, mentorsOnly: true },
];

/** The sections a person with `role` sees (none signed in: those for everyone). */
export const profileSectionsFor = (role: SessionUser['role'] | undefined): ProfileSection[] =>
  profileSections.filter((section) => !section.mentorsOnly || role === 'mentor');
