import { t } from '@/lib/i18n';

/** A link of the header's main navigation. */
export interface HeaderLink {
  /** Its text, in the reader's language (written while the header renders). */
  label: () => string;
  to: string;
  /** Whether the link points at the page now shown (it gets `aria-current="page"`). */
  isCurrent: (pathname: string) => boolean;
}

/** The header's main navigation, in order: the one place to add a page. */
export const HEADER_LINKS: readonly HeaderLink[] = [
  { label: () => t('Roadmaps'), to: '/#roadmaps', isCurrent: (pathname) => pathname === '/' },
  {
    label: () => t('Mentors'),
    to: '/explore-mentors',
    isCurrent: (pathname) => pathname === '/explore-mentors' || pathname.startsWith('/mentor-profile/'),
  },
];
