import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsAdmin } from '@/features/admin/admin-auth-slice';
import { selectCurrentUser, selectIsLeaving } from '@/features/auth/auth-slice';
import { isServerPath, returnPathOf } from '@/lib/return-path';
import { useAppSelector } from '@/lib/store-hooks';

/** Where a guard sent someone from, so the login page can send them back after signing in. */
export interface RedirectState {
  from: string;
}

/**
 * Signed-in users only; an anonymous visitor goes to /login, remembering the page they asked for. Someone
 * who has just logged out is on their way home, and goes there.
 */
export function RequireUser() {
  const user = useAppSelector(selectCurrentUser);
  const leaving = useAppSelector(selectIsLeaving);
  const location = useLocation();
  if (!user && leaving) return <Navigate to="/" replace />;
  if (!user) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * Account pages (login, signup, password reset) are for signed-out visitors; others go home. The moment
 * someone signs in on one of them, this is also what takes them on: back to the page RequireUser sent
 * them from, when there was one (carried from /login to /signup and on through the code step).
 */
export function GuestOnly() {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (!user) return <Outlet />;
  const from = returnPathOf(location);
  if (from !== null && isServerPath(from))
    return (
      <Suspense fallback={null}>
        <ServerPageReturn path={from} />
      </Suspense>
    );
  return <Navigate to={from ?? '/'} replace />;
}

// With the API slice, which the first picture of a page does not need (as for the session check).
const ServerPageReturn = lazy(async () => ({
  default: (await import('@/features/auth/components/server-page-return')).ServerPageReturn,
}));

/** The admin area; without the admin flag, the admin login page. */
export function RequireAdmin() {
  const isAdmin = useAppSelector(selectIsAdmin);
  const location = useLocation();
  if (!isAdmin) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return <Outlet />;
}
