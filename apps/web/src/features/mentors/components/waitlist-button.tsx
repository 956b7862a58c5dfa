import { WAITLIST_HORIZON_DAYS, waitlistMessages } from '@skillroute/shared/bookings';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { skipToken } from '@reduxjs/toolkit/query';
import { Bell, BellOff } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { selectCurrentUser } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useAppSelector, type AppState } from '@/lib/store-hooks';
import { mentorsApi } from '../api';
import { useGetWaitlistQuery, useJoinWaitlistMutation, useLeaveWaitlistMutation } from '../waitlist-api';

const DAY_MS = 86_400_000;

/** The store with the API slice in it: the slice joins lazily (lib/api-loading.ts), and this module loaded it. */
type StateWithApi = AppState & Parameters<typeof mentorsApi.util.selectCachedArgsForQuery>[0];

/**
 * The free hours the profile page already loaded for this mentor (its 60-day window), read from the cache
 * without asking again: the waitlist is offered only when none of them falls in the next
 * WAITLIST_HORIZON_DAYS days. Undefined until the page's request answered.
 */
function useFullWithinHorizon(mentorId: string): boolean | undefined {
  const args = useAppSelector((state: StateWithApi) =>
    mentorsApi.util
      .selectCachedArgsForQuery(state, 'getMentorSlots')
      .find((cached) => cached.mentorId === mentorId),
  );
  const { data } = mentorsApi.endpoints.getMentorSlots.useQueryState(args ?? skipToken);
  if (args === undefined || data === undefined) return undefined;
  const horizonEnd = Date.parse(args.from) + WAITLIST_HORIZON_DAYS * DAY_MS;
  return !data.slots.some((slot) => Date.parse(slot.startTime) < horizonEnd);
}

/**
 * "Tell me when a slot frees up" on a mentor's page when the mentor has no free hour in the next 14 days
 * (DESIGN.md §4 "Waitlist"). A visitor is sent to sign in first; the mentor sees nothing on their own page.
 */
export function WaitlistButton({ mentorId }: { mentorId: string }) {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  const full = useFullWithinHorizon(mentorId);
  const isSelf = user?.id === mentorId;
  const status = useGetWaitlistQuery(full && user && !isSelf ? mentorId : skipToken);
  const [join, joining] = useJoinWaitlistMutation();
  const [leave, leaving] = useLeaveWaitlistMutation();

  if (!full || isSelf) return null;
  const intro = (
    <p className="text-sm text-muted-foreground">
      {t('No free hour in the next {days} days.', { days: WAITLIST_HORIZON_DAYS })}
    </p>
  );

  if (!user) {
    return (
      <div className="flex flex-col gap-2 border-t pt-4">
        {intro}
        <Button asChild variant="outline">
          {/* The login page sends a person back to `from` once they are signed in. */}
          <Link to="/login" state={{ from: `${location.pathname}${location.search}` }}>
            <Bell aria-hidden="true" />
            {t('Tell me when a slot frees up')}
          </Link>
        </Button>
        <p className="text-xs text-muted-foreground">{t('You will be asked to sign in first.')}</p>
      </div>
    );
  }
  if (!status.data) return null;

  const pending = joining.isLoading || leaving.isLoading;
  async function toggle(waiting: boolean) {
    const result = waiting ? await leave(mentorId) : await join(mentorId);
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: translate(
          errorMessage(result.error, t('The waitlist could not be changed. Please try again.')),
        ),
      });
    } else if (waiting) {
      toast({ title: t('You left the waitlist'), description: translate(waitlistMessages.left) });
    } else {
      toast({ title: t("You're on the waitlist"), description: translate(waitlistMessages.joined) });
    }
  }

  return (
    <div className="flex flex-col gap-2 border-t pt-4">
      {status.data.waiting ? (
        <>
          <p className="flex items-center gap-2 text-sm font-medium">
            <Bell className="size-4 text-primary" aria-hidden="true" />
            {t("You're on the waitlist")}
          </p>
          <p className="text-sm text-muted-foreground">
            {t("We'll tell you, here and by e-mail, when a slot in the next {days} days frees up.", {
              days: WAITLIST_HORIZON_DAYS,
            })}
          </p>
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => void toggle(true)}
          >
            {pending ? <Spinner /> : <BellOff aria-hidden="true" />}
            {t('Leave waitlist')}
          </Button>
        </>
      ) : (
        <>
          {intro}
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => void toggle(false)}
          >
            {pending ? <Spinner /> : <Bell aria-hidden="true" />}
            {t('Tell me when a slot frees up')}
          </Button>
        </>
      )}
    </div>
  );
}
