import { NavLink } from 'react-router';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { adminAreas, adminPath } from '../admin-areas';

/**
 * The admin area's navigation: one row of links under the header, scrolling sideways on a phone rather than
 * wrapping into a wall. The current page is marked with aria-current (NavLink sets it).
 */
export function AdminNav() {
  return (
    <nav aria-label={t('Admin')} className="border-b bg-background">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-3 py-2 sm:px-6">
        {adminAreas.map(({ path, label, icon: Icon }) => (
          <li key={path} className="shrink-0">
            <NavLink
              to={adminPath(path)}
              end={path === ''}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label()}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
