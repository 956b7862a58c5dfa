import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { selectCurrentUser } from '@/features/auth/auth-slice';
import { LanguageSwitch } from '@/features/language/language-switch';
import { selectIsDarkMode, toggleDarkMode } from '@/features/theme/theme-slice';
import { ThemeToggle } from '@/features/theme/theme-toggle';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { HEADER_LINKS } from './header-links';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';

// Only signed-in people see the menu; its dropdown, dialog and the API slice stay off the home page.
const AccountMenu = lazy(async () => ({
  default: (await import('@/features/auth/components/account-menu')).AccountMenu,
}));
const BecomeMentorDialog = lazy(async () => ({
  default: (await import('@/features/assessment/components/become-mentor-dialog')).BecomeMentorDialog,
}));
const NotificationBell = lazy(async () => ({
  default: (await import('@/features/notifications/components/notification-bell')).NotificationBell,
}));

/**
 * `mentor-profile` is the public mentor profile's own header (spec §2): fixed to the top, no section links,
 * and the theme toggle only for visitors (a signed-in person switches it in the account menu). The language switch
 * is for visitors in both (a signed-in person switches it in the account menu, which keeps it on their account).
 */
export function Header({ variant = 'main' }: { variant?: 'main' | 'mentor-profile' }) {
  const user = useAppSelector(selectCurrentUser);
  const profile = variant === 'mentor-profile';
  return (
    <header
      data-variant={variant}
      className={cn(
        'top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80',
        profile ? 'fixed inset-x-0' : 'sticky',
      )}
    >
      {/* On phones the navigation wraps to a compact second row; from 640 px it sits beside the brand. */}
      {/* The fixed header must stay one row high (the page below leaves room for one), so it never wraps. */}
      <div
        className={cn(
          'mx-auto flex max-w-6xl items-center gap-x-2 px-3 sm:flex-nowrap sm:gap-x-4 sm:px-6',
          profile ? 'flex-nowrap' : 'flex-wrap',
        )}
      >
        <Link
          to="/"
          className="flex h-16 items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <BrandMark />
          {/* On narrow screens only the mark shows (below 360 px; 400 px beside a visitor's language switch; 480 px in the one-row profile header); the name stays the link's accessible name. */}
          <span
            className={profile ? 'max-[479px]:sr-only' : user ? 'max-[359px]:sr-only' : 'max-[399px]:sr-only'}
          >
            Skillroute
          </span>
        </Link>
        {!profile && <MainNav />}
        <div className="ml-auto flex h-16 items-center gap-1 sm:gap-3">
          {!user && <LanguageSwitch />}
          {(!profile || !user) && <ThemeToggle />}
          {user ? (
            <>
              {/* Spec §2: name and e-mail on wide screens only. */}
              <div className="hidden max-w-56 min-w-0 flex-col text-right text-sm leading-tight md:flex">
                <span className="truncate font-medium">{user.name}</span>
                <span className="truncate text-muted-foreground">{user.email}</span>
              </div>
              <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
                <NotificationBell email={user.email} />
              </Suspense>
              <SignedInMenu userId={user.id} isMentor={user.role === 'mentor'} />
            </>
          ) : (
            <nav aria-label={t('Account')} className="flex items-center gap-2">
              {/* Smaller on phones so brand, both switches and both buttons fit a 320 px screen. */}
              <Button asChild variant="signin" size="signin" className="h-8 px-3 sm:h-9 sm:px-5">
                <Link to="/login">{t('Sign in')}</Link>
              </Button>
              <Button asChild className="h-8 rounded-full px-3 sm:h-9 sm:px-4">
                <Link to="/signup">{t('Get started')}</Link>
              </Button>
            </nav>
          )}
        </div>
      </div>
    </header>
  );
}

/** The site's sections (./header-links), the current one marked for assistive technology and by its look. */
function MainNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t('Main')}
      className="order-last -mx-3 w-[calc(100%+1.5rem)] border-t px-2 py-1 sm:order-none sm:mx-0 sm:w-auto sm:border-t-0 sm:p-0"
    >
      <ul className="flex items-center gap-1">
        {HEADER_LINKS.map((link) => {
          const current = link.isCurrent(pathname);
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={current ? 'page' : undefined}
                className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground sm:h-9"
              >
                {link.label()}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SignedInMenu({ userId, isMentor }: { userId: string; isMentor: boolean }) {
  const isDarkMode = useAppSelector(selectIsDarkMode);
  const dispatch = useAppDispatch();
  // The dialog's code (forms, zod) loads the first time someone chooses "Be mentor" (a mentor's "Add a skill").
  const [applying, setApplying] = useState<boolean | null>(null);
  return (
    <>
      <Suspense fallback={<span className="size-9 rounded-full bg-muted" aria-hidden="true" />}>
        <AccountMenu
          isDarkMode={isDarkMode}
          onToggleDarkMode={() => dispatch(toggleDarkMode())}
          onBecomeMentor={() => setApplying(true)}
        />
      </Suspense>
      {applying !== null && (
        <Suspense fallback={null}>
          <BecomeMentorDialog
            userId={userId}
            isMentor={isMentor}
            open={applying}
            onOpenChange={setApplying}
          />
        </Suspense>
      )}
    </>
  );
}

/** A winding route in a rounded square; decorative, the name beside it is the link's text. */
export function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 22c4 0 4-12 8-12s4 8 6 8"
        className="stroke-primary-foreground"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
