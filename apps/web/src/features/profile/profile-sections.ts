import { UserRound, type LucideIcon } from 'lucide-react';

export interface ProfileSection {
  /** Path under /profile. */
  path: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The profile side menu (spec §2: General, Roadmaps, Bookings). Only sections whose page exists are
 * listed; Roadmaps (issue #5) and Bookings join with one entry each when their pages land.
 */
export const profileSections: ProfileSection[] = [{ path: 'general', label: 'General', icon: UserRound }];
