import { desc, eq } from 'drizzle-orm';
import type { NotificationEvent } from '@skillroute/shared/notifications';
import type { App } from '../src/app';
import type { NotificationInput } from '../src/context/ports';
import { notifications } from '../src/db/schema';
import { toNotificationEvent } from '../src/modules/notifications/rules';

/**
 * Tells a person something the way every module does: a notification in its own unit of work, rung after the
 * commit. Answers the row written, as its socket event carries it.
 */
export async function notify(app: App, userId: string, input: NotificationInput): Promise<NotificationEvent> {
  await app.services.unitOfWork((uow) => uow.notify(userId, input));
  const [row] = await app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  if (row === undefined) throw new Error(`no notification was written for ${userId}`);
  return toNotificationEvent(row);
}
