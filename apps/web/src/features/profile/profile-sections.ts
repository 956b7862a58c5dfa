import type { SessionUser } from '@/features/auth/api';
import { CalendarCheck, IndianRupee, Map as MapIcon, UserRound, type LucideIcon } from 'lucide-react';
import { t } from '@/lib/i18n';

export interface ProfileSection {
  /** Path under /profile. */
  path: string;
  /** In the reader's language when read. */
  label: string;
  icon: LucideIcon;
  /** Shown to mentors only. */
  mentorsOnly?: boolean;
}

/** The profile side menu (spec §2: General, Roadmaps, Bookings; issue 27: a mentor's Earnings). */
export const profileSections: ProfileSection[] = [
  {
    path: 'general',
    get label() {
      return t('General');
    },
    icon: UserRound,
  },
  {
    path: 'roadmaps',
    get label() {
      return t('Roadmaps');
    },
    icon: MapIcon,
  },
  {
    path: 'bookings',
    get label() {
      return t('Bookings');
    },
    icon: CalendarCheck,
  },
  {
    path: 'earnings',
    get label() {
      return t('Earnings');
    },
    icon: IndianRupee,
    mentorsOnly: true,
  },
];

/** The sections a person with `role` sees (none signed in: those for everyone). */
export const profileSectionsFor = (role: SessionUser['role'] | undefined): ProfileSection[] =>
  profileSections.filter((section) => !section.mentorsOnly || role === 'mentor');
