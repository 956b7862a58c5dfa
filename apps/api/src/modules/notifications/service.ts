import {
  userEventName,
  type NotificationCountResponse,
  type NotificationListResponse,
} from '@skillroute/shared/notifications';
import type { Notifier } from '../../context/ports';
import type { UserContext } from '../../context/service-context';
import type { Realtime } from '../../plugins/realtime';
import * as repository from './repository';
import {
  assertInAppLink,
  assertOwnEmail,
  pageOf,
  pageWindow,
  toNotificationEvent,
  toNotificationItem,
} from './rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way any module notifies a person: `uow.notify(userId, {type, message, link})` in a unit of work. */
    notifications: Notifier;
  }
}

export interface NotificationsLogger {
  warn(details: object, message: string): void;
}

export function createNotifications(
  realtime: Pick<Realtime, 'emitToUser'>,
  log: NotificationsLogger,
): Notifier {
  return {
    check(input) {
      assertInAppLink(input.link);
    },
    async record(executor, notices) {
      if (notices.length === 0) return [];
      // Only the rows added: one written before under the same key rang its person then.
      const added = await repository.insertNotifications(executor, notices);
      return added.map(({ email, ...row }) => () => {
        const event = toNotificationEvent(row);
        // The row is saved: a socket problem must not fail what the caller did. The client re-reads on reconnect.
        try {
          realtime.emitToUser(row.userId, userEventName(email), { ...event, sentAt: Date.now() });
        } catch (error) {
          log.warn(
            { err: error, userId: row.userId, notificationId: event.id },
            'a notification was saved but could not be announced',
          );
        }
      });
    },
    hasOfType: (executor, userId, type) => repository.hasNotificationOfType(executor, userId, type),
  };
}

/** `GET /api/user/notifications/:email?skip=`: one page of one's own notifications, newest first. */
export async function listOwnNotifications(
  ctx: UserContext,
  input: { email: string; skip: number },
): Promise<NotificationListResponse> {
  const { email, skip } = input;
  assertOwnEmail(ctx.user.email, email);
  const { items, hasMore } = pageOf(
    await repository.listNotifications(ctx.db, ctx.user.id, pageWindow(skip)),
  );
  return { notifications: items.map(toNotificationItem), hasMore };
}

/** `GET /api/user/notifications/notification-count/:email`: how many of one's own are unread. */
export async function countOwnUnread(ctx: UserContext, email: string): Promise<NotificationCountResponse> {
  assertOwnEmail(ctx.user.email, email);
  return { notificationCount: await repository.countUnread(ctx.db, ctx.user.id) };
}

/**
 * `PUT /api/user/notifications/read`: marks the given ids (or all when none are given) read and returns the
 * new count, in one transaction so the count is the one this change left. Ids of other people's
 * notifications, or unknown ones, are skipped without a word: saying which exist would leak them.
 */
export async function markOwnRead(
  ctx: UserContext,
  ids: string[] | undefined,
): Promise<NotificationCountResponse> {
  return ctx.unitOfWork(async ({ tx }) => {
    await repository.markRead(tx, ctx.user.id, ids, ctx.clock.now());
    return { notificationCount: await repository.countUnread(tx, ctx.user.id) };
  });
}
