import { Menu } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { selectCurrentUser } from '@/features/auth/api';
import { t } from '@/lib/i18n';
import { useAppSelector } from '@/lib/store-hooks';
import { cn } from '@/lib/utils';
import { profileSectionsFor } from '../profile-sections';

/** /profile: the side menu beside the chosen section; on small screens the menu slides in from the left. */
export function ProfileLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 px-4 py-6 sm:px-6 md:flex-row md:gap-8 md:py-10">
      <aside className="hidden w-52 shrink-0 md:block">
        <ProfileMenu />
      </aside>
      <div className="md:hidden">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button type="button" variant="outline" size="sm">
              <Menu aria-hidden="true" />
              {t('Profile menu')}
            </Button>
          </SheetTrigger>
          <SheetContent side="left" className="w-72">
            <SheetHeader>
              <SheetTitle>{t('Profile')}</SheetTitle>
              <SheetDescription className="sr-only">{t('Sections of your profile')}</SheetDescription>
            </SheetHeader>
            <div className="px-4">
              <ProfileMenu onNavigate={() => setMenuOpen(false)} />
            </div>
          </SheetContent>
        </Sheet>
      </div>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

function ProfileMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // /profile itself shows the first section, so that section is the current one there too.
  const atIndex = pathname.replace(/\/$/, '') === '/profile';
  const sections = profileSectionsFor(useAppSelector(selectCurrentUser)?.role);
  return (
    <nav aria-label={t('Profile')}>
      <ul className="grid gap-1">
        {sections.map(({ path, label, icon: Icon }, position) => (
          <li key={path}>
            <NavLink
              to={`/profile/${path}`}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  (isActive || (atIndex && position === 0)) && 'bg-accent text-accent-foreground',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
