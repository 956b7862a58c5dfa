import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX } from '@skillroute/shared/admin-console';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { t } from '@/lib/i18n';
import { useGetAdminUsersQuery } from '../api';
import { BlockUserButton } from '../components/block-user-button';
import { formatDate, roleLabel } from '../components/format';
import { ANY, ParamSelect, paramOneOf } from '../components/param-select';
import { Pager, pageFrom, withParam } from '../components/pager';
import { UserDetailsSheet } from '../components/user-details-sheet';
import { ListState } from '../components/list-state';

const roleValues = [{ value: ANY }, { value: 'user' }, { value: 'mentor' }] as const;
const blockedValues = [{ value: ANY }, { value: 'true' }, { value: 'false' }] as const;

/** The filters' options with their labels, in the reader's language (called while rendering). */
const roleOptions = () => [
  { value: ANY, label: t('All roles') },
  { value: 'user', label: t('Users') },
  { value: 'mentor', label: t('Mentors') },
];
const blockedOptions = () => [
  { value: ANY, label: t('Everyone') },
  { value: 'true', label: t('Blocked') },
  { value: 'false', label: t('Not blocked') },
];

/**
 * /admin/user-management (spec §2, with its breadcrumb link labelled roadmap-management; issue 15): find
 * people by name or e-mail, filter by role and block, page through, open one, block or unblock. The filters
 * live in the address, so the dashboard's counts link straight to a filtered list.
 */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const role = paramOneOf<'user' | 'mentor'>(params.get('role'), roleValues);
  const blocked = paramOneOf<'true' | 'false'>(params.get('blocked'), blockedValues);
  const page = pageFrom(params);
  const [draft, setDraft] = useState(search);
  const [openUser, setOpenUser] = useState<string | null>(null);
  const { data, isLoading, isError, isFetching } = useGetAdminUsersQuery(
    { search: search || undefined, role, blocked, page },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <section
      aria-labelledby="user-management-title"
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6"
    >
      <nav aria-label={t('Breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <li>
            <Link to="/admin/" className="underline-offset-4 hover:underline">
              {t('Dashboard')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          {/* The spec's addresses, written as they are in every language (and left so by translators). */}
          <li translate="no">
            <Link to="/admin/roadmap-management" className="underline-offset-4 hover:underline">
              {'roadmap-management'}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" translate="no" className="text-foreground">
            {'user-management'}
          </li>
        </ol>
      </nav>
      <h1 id="user-management-title" className="text-2xl font-bold tracking-tight">
        {t('User management')}
      </h1>

      <div className="grid gap-4 md:grid-cols-[1fr_auto_auto] md:items-end">
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setParams(withParam(params, 'search', draft.trim()));
          }}
        >
          <div className="grid flex-1 gap-2">
            <Label htmlFor="user-search">{t('Search by name or e-mail')}</Label>
            <Input
              id="user-search"
              type="search"
              value={draft}
              maxLength={ADMIN_SEARCH_MAX}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <Button type="submit">{t('Search')}</Button>
        </form>
        <ParamSelect
          id="role-filter-label"
          label={t('Role')}
          param="role"
          options={roleOptions()}
          className="w-full md:w-40"
        />
        <ParamSelect
          id="blocked-filter-label"
          label={t('Blocked')}
          param="blocked"
          options={blockedOptions()}
          className="w-full md:w-40"
        />
      </div>

      <ListState
        loadingText={t('Loading users...')}
        errorText={t('Error loading users.')}
        isLoading={isLoading}
        isError={isError}
        data={data}
        isEmpty={(loaded) => loaded.users.length === 0}
        empty={t('No users match.')}
        rowClassName="h-16"
      >
        {(data) => (
          <>
            <p
              className="text-sm text-muted-foreground"
              aria-live="polite"
              aria-busy={isFetching || undefined}
            >
              {t('{count, plural, one {{count} user} other {{count} users}}', { count: data.total })}
            </p>
            <ul className="grid gap-3" aria-label={t('Users')}>
              {data.users.map((user) => (
                <li
                  key={user.id}
                  className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold">{user.name}</h2>
                      <Badge variant="secondary" className="capitalize">
                        {roleLabel(user.role)}
                      </Badge>
                      {user.blocked && <Badge variant="destructive">{t('Blocked')}</Badge>}
                    </div>
                    <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{user.email}</p>
                    <p className="text-xs text-muted-foreground">
                      {t('Joined {date}', { date: formatDate(user.createdAt) })}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('Details of {name}', { name: user.name })}
                      onClick={() => setOpenUser(user.id)}
                    >
                      {t('Details')}
                    </Button>
                    <BlockUserButton user={user} />
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              label={t('Pages of users')}
              page={page}
              limit={ADMIN_PAGE_SIZE}
              total={data.total}
              onPage={(next) => setParams(withParam(params, 'page', String(next)))}
            />
          </>
        )}
      </ListState>
      <UserDetailsSheet userId={openUser} onClose={() => setOpenUser(null)} />
    </section>
  );
}
