import { bookingMessages } from '@skillroute/shared/bookings';
import { splitPrice } from '@skillroute/shared/earnings';
import type { Locale } from '@skillroute/shared/i18n/locales';
import type { Paise } from '@skillroute/shared/money';
import {
  DOCUMENT_SERIES,
  documentNumber,
  financialYearOf,
  receiptMessages,
} from '@skillroute/shared/receipts';
import type { ServiceContext, UserContext, WorkContext } from '../../context/service-context';
import type { FinancialDocumentKind } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { renderDocumentPdf } from './pdf';
import * as repository from './repository';
import { creditNoteAmounts, documentFilename } from './rules';

// Receipts and credit notes (DESIGN.md §4b, decision 056): issued in the unit of work of the payment or the
// refund they record, numbered there without gaps, and never changed afterwards.

/** Takes the next number of `kind`'s series for the clock's financial year, in the caller's transaction. */
async function nextNumber(ctx: WorkContext, kind: FinancialDocumentKind, issuedAt: Date) {
  const financialYear = financialYearOf(issuedAt);
  const n = await repository.takeNextNumber(ctx.uow.tx, DOCUMENT_SERIES[kind], financialYear);
  return { financialYear, number: documentNumber(kind, financialYear, n) };
}

/** A payment that confirmed its booking: its receipt, the price split by today's rates as the ledger splits it. */
export async function issueReceipt(
  ctx: WorkContext,
  input: { booking: { id: string; amount: Paise } },
): Promise<void> {
  const { booking } = input;
  const issuedAt = ctx.clock.now();
  const split = splitPrice(booking.amount, ctx.settings.fees);
  await repository.insertDocument(ctx.uow.tx, {
    bookingId: booking.id,
    kind: 'receipt',
    ...(await nextNumber(ctx, 'receipt', issuedAt)),
    amount: booking.amount,
    ...split,
    issuedAt,
  });
}

/**
 * A refund decided of `refunded` paise: a credit note against the booking's receipt, each part taken back in
 * proportion. A payment that never confirmed its booking had no receipt, and a refund of nothing is no
 * refund: neither gets a credit note.
 */
export async function issueCreditNote(
  ctx: WorkContext,
  input: { bookingId: string; refunded: Paise },
): Promise<void> {
  const { bookingId, refunded } = input;
  if (refunded <= 0) return;
  const receipt = await repository.documentOf(ctx.uow.tx, bookingId, 'receipt');
  if (receipt === undefined) return;
  const issuedAt = ctx.clock.now();
  await repository.insertDocument(ctx.uow.tx, {
    bookingId,
    kind: 'credit_note',
    ...(await nextNumber(ctx, 'credit_note', issuedAt)),
    receiptId: receipt.id,
    ...creditNoteAmounts(receipt, refunded),
    issuedAt,
  });
}

/** The numbers of these bookings' receipts and credit notes, by booking. */
export async function documentNumbersOf(
  ctx: ServiceContext,
  input: { bookingIds: readonly string[] },
): Promise<Map<string, { receiptNumber?: string; creditNoteNumber?: string }>> {
  const numbers = new Map<string, { receiptNumber?: string; creditNoteNumber?: string }>();
  for (const row of await repository.documentNumbersOf(ctx.db, input.bookingIds)) {
    const entry = numbers.get(row.bookingId) ?? {};
    if (row.kind === 'receipt') entry.receiptNumber = row.number;
    else entry.creditNoteNumber = row.number;
    numbers.set(row.bookingId, entry);
  }
  return numbers;
}

/**
 * `GET /api/bookings/:id/receipt.pdf` and `…/credit-note.pdf`: the document as a PDF, for the booking's mentee
 * only (it is their purchase); anyone else gets the 404 of no booking, and a booking without one a 404 that
 * says why. Written in `locale`, the language of the request that downloads it.
 */
export async function documentPdf(
  ctx: UserContext,
  input: { bookingId: string; kind: FinancialDocumentKind; locale: Locale },
): Promise<{ filename: string; content: Buffer }> {
  const { bookingId, kind, locale } = input;
  const booking = await repository.bookingOfDocument(ctx.db, bookingId);
  if (booking === undefined || booking.menteeId !== ctx.user.id)
    throw new AppError('not_found', bookingMessages.notFound);
  const document = await repository.documentOf(ctx.db, bookingId, kind);
  if (document === undefined)
    throw new AppError(
      'not_found',
      kind === 'receipt' ? receiptMessages.noReceipt : receiptMessages.noCreditNote,
    );
  const receipt =
    document.receiptId === null ? undefined : await repository.documentOf(ctx.db, bookingId, 'receipt');
  const content = await renderDocumentPdf({
    document,
    receiptNumber: receipt?.number,
    booking,
    seller: ctx.settings.business,
    locale,
  });
  return { filename: documentFilename(kind, document.number), content };
}
