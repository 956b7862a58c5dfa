import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { adminAreas } from '../admin-areas';
import { useGetAdminMeQuery } from '../api';
import { AdminSignOutButton } from '../components/admin-sign-out-button';

/** /admin/: who is signed in, a way out, and the admin areas that exist so far. */
export function AdminDashboardPage() {
  const { data, error, isLoading } = useGetAdminMeQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="admin-dashboard-title" className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 md:py-12">
      <h1 id="admin-dashboard-title" className="text-2xl font-bold tracking-tight">
        Dashboard
      </h1>
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          {isLoading ? (
            <div className="grid gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-56" />
            </div>
          ) : data ? (
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">Signed in as</p>
              <p className="font-semibold">{data.admin.name}</p>
              <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{data.admin.email}</p>
            </div>
          ) : (
            <FormAlert>{errorMessage(error, 'Could not load who is signed in.')}</FormAlert>
          )}
        </div>
        <AdminSignOutButton />
      </div>
      {adminAreas.length > 0 && (
        <nav aria-label="Admin areas">
          <ul className="grid gap-4 sm:grid-cols-2">
            {adminAreas.map(({ path, title, description, icon: Icon }) => (
              <li key={path}>
                <Link
                  to={`/admin/${path}`}
                  className="flex h-full gap-4 rounded-xl border bg-card p-5 shadow-sm outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
                  <span className="grid gap-1">
                    <span className="font-semibold">{title}</span>
                    <span className="text-sm text-muted-foreground">{description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
