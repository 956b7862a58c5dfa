import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { DEFAULT_FEE_RATES, splitPrice } from '@skillroute/shared/earnings';
import { shownPayoutMethod, type PayoutMethodBody } from '@skillroute/shared/payout-methods';
import type { Transaction } from '../../db/client';
import { bookings, ledgerTransactions, users } from '../../db/schema';
import type { Seeder } from '../../db/seed';
import * as ledger from '../../modules/ledger/repository';
import { paymentLines, payoutLines, releaseLines } from '../../modules/ledger/rules';
import { slugOf } from '../demo-mentors/seeder';

const DAY_MS = 24 * 3_600_000;

/**
 * The demo's money, as the product would have left it: each completed demo session paid (the price split into
 * fee, GST and the mentor's share at the default rates) and held (the share available), and one payout of
 * the busiest demo mentor, paid to a UPI ID three days ago. Bookings seeded before the ledger existed get
 * theirs too, since a seeder runs once per database and this one is new. Ledger rows are only ever added.
 */
export function createDemoEarningsSeeder(): Seeder {
  return {
    name: 'demo-earnings',
    async run(tx) {
      const unrecorded = await tx
        .select({ id: bookings.id, mentorId: bookings.mentorId, amount: bookings.amount })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.menteeId))
        .where(
          and(
            eq(bookings.status, 'completed'),
            sql`${users.email} like '%@skillroute.invalid'`,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(ledgerTransactions)
                .where(eq(ledgerTransactions.bookingId, bookings.id)),
            ),
          ),
        )
        .orderBy(asc(bookings.startTime));
      for (const booking of unrecorded) {
        const split = splitPrice(booking.amount, DEFAULT_FEE_RATES);
        await ledger.insertTransaction(tx, {
          kind: 'payment',
          bookingId: booking.id,
          lines: paymentLines({ price: booking.amount, split, mentorId: booking.mentorId }),
        });
        await ledger.insertTransaction(tx, {
          kind: 'completion',
          bookingId: booking.id,
          lines: releaseLines({ pending: split.mentorShare, mentorId: booking.mentorId }),
        });
      }
      await payOutTheBusiestMentor(tx, unrecorded);
    },
  };
}

async function payOutTheBusiestMentor(
  tx: Transaction,
  recorded: ReadonlyArray<{ mentorId: string }>,
): Promise<void> {
  const sessions = new Map<string, number>();
  for (const { mentorId } of recorded) sessions.set(mentorId, (sessions.get(mentorId) ?? 0) + 1);
  const busiest = [...sessions].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (busiest === undefined) return;
  const [mentor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, busiest));
  const available = (await ledger.balancesOfMentor(tx, busiest)).mentor_available ?? 0;
  // Whole hundreds of rupees, leaving the rest available: a payout as a mentor would ask for one.
  const amount = Math.floor(available / 10_000) * 10_000;
  if (mentor === undefined || amount < 50_000) return;
  const method: PayoutMethodBody = { type: 'upi', vpa: `${slugOf(mentor.name).replace(/-/g, '.')}@okdemo` };
  await ledger.upsertPayoutMethod(tx, {
    mentorId: busiest,
    details: method,
    shown: shownPayoutMethod(method),
  });
  const paidAt = new Date(Date.now() - 3 * DAY_MS);
  const payout = await ledger.insertPayout(tx, {
    mentorId: busiest,
    amount,
    method: shownPayoutMethod(method),
    requestedAt: paidAt,
  });
  await ledger.insertTransaction(tx, {
    kind: 'payout',
    bookingId: null,
    lines: payoutLines({ amount, mentorId: busiest }),
  });
  await ledger.settlePayout(tx, payout.id, {
    status: 'paid',
    providerPayoutId: `sbx_pout_demo_${payout.id.slice(0, 8)}`,
    paidAt,
  });
}
