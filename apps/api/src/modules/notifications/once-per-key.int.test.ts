import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { notifications } from '../../db/schema';
import { createNotifications } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('a notification with a key', () => {
  it('is written once and rung once, however often it is written', async () => {
    const user = await createUser(t.app.db, { email: 'keyed-notice@example.org' });
    const rung: unknown[] = [];
    const notifier = createNotifications(
      { emitToUser: (_userId, _event, payload) => rung.push(payload) },
      {
        warn() {},
      },
    );
    const input = {
      type: 'booking_reminder' as const,
      message: 'Your session starts in 24 hours.',
      link: '/bookings',
      key: `booking:b1:reminder-24h:${user.id}`,
    };

    // Two runs of one job, each in its own unit of work.
    const first = await t.app.services.unitOfWork((uow) => notifier.record(uow.tx, user.id, input));
    first.emit();
    const second = await t.app.services.unitOfWork((uow) => notifier.record(uow.tx, user.id, input));
    second.emit();

    const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(second.event.id).toBe(first.event.id);
    expect(rung).toHaveLength(1);
  });

  it('leaves notifications without a key as they were: each one written', async () => {
    const user = await createUser(t.app.db, { email: 'unkeyed-notice@example.org' });
    const input = { type: 'booking_reminder' as const, message: 'Twice on purpose.', link: null };
    await t.app.services.unitOfWork((uow) => uow.notify(user.id, input));
    await t.app.services.unitOfWork((uow) => uow.notify(user.id, input));
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(2);
  });
});
