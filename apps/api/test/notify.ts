import type { NotificationInput } from '../src/context/ports';
import type { App } from '../src/app';
import type { NotificationEvent } from '@skillroute/shared/notifications';

/** Tells a person something the way every module does: a notification in its own unit of work, rung after the commit. */
export function notify(app: App, userId: string, input: NotificationInput): Promise<NotificationEvent> {
  return app.services.unitOfWork((uow) => uow.notify(userId, input));
}
