/**
 * Spec §2: the header is hidden on the assessment test (/assessment/{id}) and in the video room
 * (/meet/{roomId}). Prefixes are matched on whole path segments: "/assessment" and "/meet" themselves
 * and anything below them, but not a different page that merely starts with the same letters (a future
 * "/meetings" list is an ordinary page with a header). "/admin/assessment-managment" keeps its header.
 * The roadmap editor (/draw-roadmap/{id}) is full screen (spec §2), so it has no header either.
 */
const HEADERLESS_SECTIONS = ['/assessment', '/meet', '/draw-roadmap'];

export function isHeaderHidden(pathname: string): boolean {
  return HEADERLESS_SECTIONS.some((section) => pathname === section || pathname.startsWith(`${section}/`));
}

/** Spec §2: the public mentor profile has its own fixed header (no section links; the theme toggle only for visitors). */
export function isMentorProfileHeader(pathname: string): boolean {
  return pathname === '/mentor-profile' || pathname.startsWith('/mentor-profile/');
}
