import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { logout, selectCurrentUser, selectIsLeaving } from '@/features/auth/auth-slice';
import { useAccountLanguage } from '@/features/language/use-account-language';
import { Header } from './header';
import { isHeaderHidden, isMentorProfileHeader } from './header-visibility';
import { t } from '@/lib/i18n';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
import { requestToaster, useToasterRequested } from '@/lib/toaster-demand';
import { useAfterPaint } from '@/lib/use-after-paint';

// The toaster (Radix Toast: 13 kB compressed in three chunks) stays out of the entry chunk every page waits for. Its
// store lives outside React (lib/use-toast.ts): a toast raised before it mounts shows once it has.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));
const SessionCheck = lazy(async () => ({
  default: (await import('@/features/auth/components/session-check')).SessionCheck,
}));
const LiveNotifications = lazy(async () => ({
  default: (await import('@/features/notifications/components/live-notifications')).LiveNotifications,
}));

/** The frame of every page: skip link, header, the page in <main>, and the toaster. */
export function RootLayout() {
  const { pathname } = useLocation();
  const user = useAppSelector(selectCurrentUser);
  // Decided once, at load: a user restored from storage is confirmed with the server; one who signs in
  // during this visit was just confirmed by the sign-in itself.
  const [restoredSession] = useState(() => user !== null);
  useFinishLeaving(pathname);
  // The api sends the account's language with the user (where it has one): read with care.
  useAccountLanguage((user as { locale?: string | null } | null)?.locale);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {isMentorProfileHeader(pathname) ? (
        <>
          <Header variant="mentor-profile" />
          {/* The fixed header takes no room of its own: this keeps the page from starting under it. */}
          <div className="h-16 shrink-0" aria-hidden="true" />
        </>
      ) : (
        !isHeaderHidden(pathname) && <Header />
      )}
      {/* tabIndex -1: the skip link can move focus here without adding a tab stop. */}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <ToasterOnDemand signedIn={user !== null} />
      <ScrollRestoration />
      {/* The one place the live socket lives: mounted on sign-in, unmounted (disconnected) on sign-out. */}
      {user && (
        <Suspense fallback={null}>
          <LiveNotifications key={user.email} email={user.email} />
        </Suspense>
      )}
      {restoredSession && user && (
        <Suspense fallback={null}>
          <SessionCheck />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The toaster mounts after the first paint for someone signed in (live notifications and most actions raise
 * toasts), and otherwise only when a toast is raised or F8 (the toaster's key, which focuses its region) is pressed:
 * a signed-out visit of the public pages mostly raises none, and then loads none of its code. Once mounted it stays.
 */
function ToasterOnDemand({ signedIn }: { signedIn: boolean }) {
  const requested = useToasterRequested();
  const painted = useAfterPaint(signedIn);
  const [mounted, setMounted] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  if (!mounted && (requested || (signedIn && painted))) setMounted(true);
  useEffect(() => {
    if (mounted) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Radix matches its hotkey on KeyboardEvent.code, as here.
      if (event.code !== 'F8') return;
      setFocusOnMount(true);
      requestToaster();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mounted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={focusOnMount} />
    </Suspense>
  );
}

/**
 * A logout is over once home is on screen. The logout dialog ends it too, but a request failing with 401
 * meanwhile clears the user and unmounts the dialog with the menu; without this the "leaving" flag would
 * outlive the logout and send the next visit of a signed-in-only page home instead of to /login.
 */
function useFinishLeaving(pathname: string) {
  const leaving = useAppSelector(selectIsLeaving);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (leaving && pathname === '/') dispatch(logout());
  }, [leaving, pathname, dispatch]);
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      {t('Skip to content')}
    </a>
  );
}
