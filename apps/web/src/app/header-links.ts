/** A link of the header's main navigation. */
export interface HeaderLink {
  label: string;
  to: string;
  /** Whether the link points at the page now shown (it gets `aria-current="page"`). */
  isCurrent: (pathname: string) => boolean;
}

/** The header's main navigation, in order: the one place to add a page. */
export const HEADER_LINKS: readonly HeaderLink[] = [
  { label: 'Roadmaps', to: '/#roadmaps', isCurrent: (pathname) => pathname === '/' },
  {
    label: 'Mentors',
    to: '/explore-mentors',
    isCurrent: (pathname) => pathname === '/explore-mentors' || pathname.startsWith('/mentor-profile/'),
  },
];
