import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { statementsDuring } from '../../../test/statements';
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

    // Two runs of one job, each in its own unit of work; the second also writes it twice in one list.
    const first = await t.app.services.unitOfWork((uow) =>
      notifier.record(uow.tx, [{ userId: user.id, input }]),
    );
    for (const ring of first) ring();
    const second = await t.app.services.unitOfWork((uow) =>
      notifier.record(uow.tx, [
        { userId: user.id, input },
        { userId: user.id, input },
      ]),
    );
    for (const ring of second) ring();

    const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(second).toHaveLength(0);
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

describe("a unit of work's notifications", () => {
  it('are written in one statement at its commit, a welcome once however often it is asked', async () => {
    const ada = await createUser(t.app.db, { email: 'batched-ada@example.org' });
    const bob = await createUser(t.app.db, { email: 'batched-bob@example.org' });
    const statements = await statementsDuring(() =>
      t.app.services.unitOfWork(async (uow) => {
        await uow.notify(ada.id, { type: 'booking_confirmed', message: 'Booked with Bob' });
        await uow.notify(bob.id, { type: 'booking_confirmed', message: 'Booked by Ada' });
        await uow.notifyOnce(bob.id, { type: 'welcome', message: 'Welcome, Bob' });
        await uow.notifyOnce(bob.id, { type: 'welcome', message: 'Welcome again, Bob' });
      }),
    );
    expect(statements.filter(({ name }) => name === 'insert_notifications')).toHaveLength(1);
    const rows = await t.app.db
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      .where(inArray(notifications.userId, [ada.id, bob.id]));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.type === 'welcome')).toEqual([{ userId: bob.id, type: 'welcome' }]);
  });

  it('are refused at once when a link leaves the app, and nothing of the unit is written', async () => {
    const cy = await createUser(t.app.db, { email: 'batched-cy@example.org' });
    await expect(
      t.app.services.unitOfWork(async (uow) => {
        await uow.notify(cy.id, { type: 'booking_confirmed', message: 'Fine', link: '/bookings' });
        await uow.notify(cy.id, { type: 'booking_confirmed', message: 'Away', link: 'https://example.org' });
      }),
    ).rejects.toThrow();
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, cy.id))).toEqual([]);
  });
});
