import { bookingMessages } from '@skillroute/shared/bookings';
import { splitPrice } from '@skillroute/shared/earnings';
import type { Locale } from '@skillroute/shared/i18n/locales';
import type { Paise } from '@skillroute/shared/money';
import {
  DOCUMENT_SERIAL_DIGITS,
  DOCUMENT_SERIES,
  documentNumberPrefix,
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

/**
 * Writes a document with the next number of its series for the clock's financial year, as the last write of the
 * caller's unit of work: taking the number locks the series until the commit (decision 056), so it is taken after
 * every other statement and other payments wait for the commit alone.
 */
function issueAtCommit(
  ctx: WorkContext,
  document: Omit<repository.DocumentValues, 'financialYear' | 'issuedAt'>,
): void {
  const issuedAt = ctx.clock.now();
  const financialYear = financialYearOf(issuedAt);
  ctx.uow.beforeCommit(() =>
    repository.insertNumberedDocument(ctx.uow.tx, {
      ...document,
      financialYear,
      issuedAt,
      series: DOCUMENT_SERIES[document.kind],
      prefix: documentNumberPrefix(document.kind, financialYear),
      digits: DOCUMENT_SERIAL_DIGITS,
    }),
  );
}

/** A payment that confirmed its booking: its receipt, the price split by today's rates as the ledger splits it. */
export function issueReceipt(ctx: WorkContext, input: { booking: { id: string; amount: Paise } }): void {
  const { booking } = input;
  issueAtCommit(ctx, {
    bookingId: booking.id,
    kind: 'receipt',
    amount: booking.amount,
    ...splitPrice(booking.amount, ctx.settings.fees),
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
  issueAtCommit(ctx, {
    bookingId,
    kind: 'credit_note',
    receiptId: receipt.id,
    ...creditNoteAmounts(receipt, refunded),
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
