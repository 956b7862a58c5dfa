import type { AdminAction, AdminAuditEntry } from '@skillroute/shared/admin-audit';
import { useSearchParams } from 'react-router';
import { t } from '@/lib/i18n';
import { useGetAdminAuditQuery } from '../api';
import { formatDate } from '../components/format';
import { Pager, pageFrom, withParam } from '../components/pager';
import { ListState } from '../components/list-state';

/** Each action as the trail says it, in the reader's language (called while rendering). */
const actionLabels = (): Record<AdminAction, string> => ({
  'roadmap.approve': t('Approved a roadmap'),
  'roadmap.reject': t('Rejected a roadmap'),
  'roadmap.list': t('Listed a roadmap'),
  'roadmap.unlist': t('Unlisted a roadmap'),
  'stack.create': t('Created a stack'),
  'stack.update': t('Changed a stack'),
  'stack.delete': t('Deleted a stack'),
  'question.create': t('Wrote a question'),
  'question.update': t('Changed a question'),
  'question.delete': t('Deleted a question'),
  'user.block': t('Blocked a user'),
  'user.unblock': t('Unblocked a user'),
  'user.restore_listing': t('Put a mentor back on the listing'),
  'booking.refund': t('Refunded a booking'),
  'booking.refund_retry': t('Retried a failed refund'),
  'payout.retry': t('Retried a failed payout'),
});

/**
 * The record an entry names, in words where the entry kept some (a booking's two people and its start, a
 * title, a name, an e-mail), else its id.
 */
function targetOf(entry: AdminAuditEntry): string {
  const details = entry.details;
  const { mentee, mentor, startTime } = details;
  if (typeof mentee === 'string' && typeof mentor === 'string' && typeof startTime === 'string')
    return t('{mentee} with {mentor}, {start}', { mentee, mentor, start: formatDate(startTime, true) });
  for (const key of ['title', 'name', 'email', 'text']) {
    const value = details[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return `${entry.targetType} ${entry.targetId}`;
}

function noteOf(entry: AdminAuditEntry): string | undefined {
  const { feedback, reason } = entry.details;
  if (typeof reason === 'string') return t('Reason: {reason}', { reason });
  if (typeof feedback === 'string') return t('Feedback: {feedback}', { feedback });
  return undefined;
}

/** /admin/audit (issue 15): every admin action, newest first: who, what, which record, when. */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const { data, isLoading, isError } = useGetAdminAuditQuery(page, { refetchOnMountOrArgChange: true });
  const actions = actionLabels();

  return (
    <section
      aria-labelledby="admin-audit-title"
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6"
    >
      <div className="grid gap-1">
        <h1 id="admin-audit-title" className="text-2xl font-bold tracking-tight">
          {t('Audit')}
        </h1>
        <p className="text-muted-foreground">{t('Every admin action, newest first. Times are UTC.')}</p>
      </div>
      <ListState
        loadingText={t('Loading the audit trail...')}
        errorText={t('Error loading the audit trail.')}
        isLoading={isLoading}
        isError={isError}
        data={data}
        isEmpty={(loaded) => loaded.entries.length === 0}
        empty={t('No admin actions yet.')}
        rowClassName="h-14"
      >
        {(data) => (
          <>
            <ol className="grid gap-2" aria-label={t('Admin actions')}>
              {data.entries.map((entry) => {
                const note = noteOf(entry);
                return (
                  <li
                    key={entry.id}
                    className="grid gap-1 rounded-xl border bg-card p-3 text-sm text-card-foreground shadow-sm sm:grid-cols-[12rem_1fr] sm:gap-4"
                  >
                    <time dateTime={entry.createdAt} className="text-muted-foreground">
                      {formatDate(entry.createdAt, true)}
                    </time>
                    <div className="grid min-w-0 gap-0.5">
                      <p>
                        <span className="font-semibold">{entry.admin.name}</span>{' '}
                        <span className="text-muted-foreground">({entry.admin.email})</span> ·{' '}
                        {actions[entry.action]}:{' '}
                        <span className="font-medium [overflow-wrap:anywhere]">{targetOf(entry)}</span>
                      </p>
                      {note && <p className="[overflow-wrap:anywhere] text-muted-foreground">{note}</p>}
                    </div>
                  </li>
                );
              })}
            </ol>
            <Pager
              label={t('Pages of the audit trail')}
              page={page}
              limit={data.limit}
              total={data.total}
              onPage={(next) => setParams(withParam(params, 'page', String(next)))}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
