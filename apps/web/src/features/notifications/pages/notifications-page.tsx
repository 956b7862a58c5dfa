import type { NotificationItem as Item } from '@skillroute/shared/notifications';
import { CheckCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormAlert } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { t } from '@/lib/i18n';
import { selectCurrentUser } from '@/features/auth/api';
import { useAppSelector } from '@/lib/store-hooks';
import {
  useGetNotificationCountQuery,
  useGetNotificationsInfiniteQuery,
  useMarkNotificationsReadMutation,
} from '../api';
import { NotificationItem } from '../components/notification-item';
import { notificationMessages as text } from '../notification-messages';
import { useNow } from '../use-now';

/** Pages flattened, newest first as the server sends them; a row a later page repeats (new rows shift the offset) shows once. */
function uniqueItems(pages: { notifications: Item[] }[] | undefined): Item[] {
  const byId = new Map<string, Item>();
  for (const item of (pages ?? []).flatMap((page) => page.notifications)) {
    if (!byId.has(item.id)) byId.set(item.id, item);
  }
  return [...byId.values()];
}

/** /notifications (signed-in): newest first, 20 at a time, each linking to what it is about. */
export function NotificationsPage() {
  const email = useAppSelector(selectCurrentUser)?.email ?? '';
  const now = useNow();
  // Spec §7: never cached, read again on every visit (and on coming back to the tab, like the bell).
  const list = useGetNotificationsInfiniteQuery(email, {
    skip: !email,
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  const { data: count } = useGetNotificationCountQuery(email, {
    skip: !email,
    refetchOnMountOrArgChange: true,
  });
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const [announcement, setAnnouncement] = useState('');
  const items = useMemo(() => uniqueItems(list.data?.pages), [list.data]);
  const anyUnread = (count?.notificationCount ?? 0) > 0 || items.some((item) => !item.read);

  async function mark(ids?: string[]) {
    const result = await markRead(ids ? { email, ids } : { email });
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: text.failureTitle,
        description: errorMessage(result.error, text.markReadFailed),
      });
    } else if (!ids) {
      setAnnouncement(text.allRead);
    }
  }

  return (
    <section
      aria-labelledby="notifications-title"
      className="mx-auto grid w-full max-w-3xl content-start gap-6 px-4 py-6 sm:px-6 md:py-10"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 id="notifications-title" className="text-2xl font-bold tracking-tight">
            {t('Notifications')}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t('Updates about your roadmaps, tests and sessions.')}
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!anyUnread || marking.isLoading}
          onClick={() => void mark()}
        >
          {marking.isLoading && !marking.originalArgs?.ids ? <Spinner /> : <CheckCheck aria-hidden="true" />}
          {t('Mark all as read')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {list.isLoading ? (
        <LoadingList />
      ) : list.isError && items.length === 0 ? (
        <div className="grid justify-items-start gap-3">
          <FormAlert>{errorMessage(list.error, text.loadFailed)}</FormAlert>
          <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{text.empty}</p>
      ) : (
        <>
          <ul aria-label={t('Notifications, newest first')} className="grid gap-2">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} now={now} onMarkRead={(id) => void mark([id])} />
            ))}
          </ul>
          {list.isFetchNextPageError && (
            <FormAlert>{errorMessage(list.error, text.loadMoreFailed)}</FormAlert>
          )}
          {list.hasNextPage && (
            <Button
              type="button"
              variant="outline"
              className="justify-self-center"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage && <Spinner />}
              {t('Load more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function LoadingList() {
  return (
    <div aria-busy="true" className="grid gap-2">
      <span className="sr-only" role="status">
        {t('Loading notifications…')}
      </span>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-20 w-full rounded-lg" />
      ))}
    </div>
  );
}
