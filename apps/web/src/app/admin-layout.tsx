import { Link, Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { selectIsAdmin } from '@/features/admin/admin-auth-slice';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AdminSignOutButton } from '@/features/admin/components/admin-sign-out-button';
import { ThemeToggle } from '@/features/theme/theme-toggle';
import { BrandMark } from './header';
import { t } from '@/lib/i18n';
import { useAppSelector } from '@/lib/store-hooks';
import { SkipLink } from './root-layout';

/** The frame of the admin area: its own plain header (brand, "Admin", sign out) and, once signed in, the admin navigation. */
export function AdminLayout() {
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
          <div className="flex items-center gap-2">
            <Link
              to={isAdmin ? '/admin/' : '/admin/login'}
              className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <BrandMark />
              <span className="max-[359px]:sr-only">Skillroute</span>
            </Link>
            <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
              {t('Admin')}
            </span>
          </div>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            {isAdmin && <AdminSignOutButton variant="ghost" />}
          </div>
        </div>
        {isAdmin && <AdminNav />}
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
