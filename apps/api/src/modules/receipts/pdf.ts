import PDFDocument from 'pdfkit';
import { DEFAULT_TIMEZONE } from '@skillroute/shared/availability-constants';
import { formatZonedTime, readerZone } from '@skillroute/shared/time-zones';
import { formatsPerZone } from '@skillroute/shared/zone-formats';
import type { FinancialDocumentRow } from '../../db/schema';
import type { BookingOfDocument } from './repository';
import { pdfAmount } from './rules';

const longDate = formatsPerZone('en-IN', { dateStyle: 'long' });

/** The day a document was issued, on India's calendar (the one its financial year and number follow). */
const issueDate = (at: Date) => longDate(DEFAULT_TIMEZONE).format(at);

/** The session's date with its year, on the mentee's calendar ("27 November 2026"). */
const sessionDate = (at: Date, zone: string) => longDate(zone).format(at);

export interface DocumentPdfInput {
  document: FinancialDocumentRow;
  /** A credit note's receipt, which it corrects. */
  receiptNumber: string | undefined;
  booking: BookingOfDocument;
  seller: { name: string; gstin: string; address: string };
}

/**
 * A receipt or a credit note as a one-page A4 PDF in pdfkit's standard Helvetica (no font file to ship):
 * the seller, the buyer (the mentee), the mentor, the session's time in the mentee's own zone, the price with
 * the platform's fee and its GST shown, the mentor's share, and the number and date (decision 056).
 */
export function renderDocumentPdf(input: DocumentPdfInput): Promise<Buffer> {
  const { document, receiptNumber, booking, seller } = input;
  const receipt = document.kind === 'receipt';
  const title = receipt ? 'Receipt' : 'Credit note';
  const zone = readerZone(booking.mentee.timezone);
  const minutes = Math.round((booking.endTime.getTime() - booking.startTime.getTime()) / 60_000);

  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${title} ${document.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const heading = (text: string) => pdf.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(text);
  const line = (text: string) => pdf.font('Helvetica').fontSize(10).text(text, { width });
  /** A label and an amount on one line, the amount right-aligned. */
  const row = (label: string, amount: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    pdf.text(label, left, y, { width: width - 140 });
    pdf.text(amount, left + width - 140, y, { width: 140, align: 'right' });
    pdf.moveDown(0.3);
  };

  pdf.font('Helvetica-Bold').fontSize(20).text(title);
  pdf.moveDown(0.3);
  line(`Number: ${document.number}`);
  line(`Date: ${issueDate(document.issuedAt)}`);
  if (!receipt && receiptNumber !== undefined) line(`Against receipt: ${receiptNumber}`);

  heading('Seller');
  line(seller.name);
  line(`GSTIN: ${seller.gstin}`);
  line(seller.address);

  heading(receipt ? 'Received from' : 'Refunded to');
  line(booking.mentee.name);
  line(booking.mentee.email);

  heading('For');
  line(`A ${minutes}-minute mentoring session with ${booking.mentor.name}`);
  line(`${sessionDate(booking.startTime, zone)}, starting ${formatZonedTime(booking.startTime, zone)}`);

  heading('Amounts');
  pdf.moveDown(0.2);
  row(receipt ? 'Session price' : 'Amount refunded', pdfAmount(document.amount), true);
  row('  Platform fee', pdfAmount(document.platformFee));
  row('  GST on the platform fee', pdfAmount(document.gstOnFee));
  row("  Mentor's share", pdfAmount(document.mentorShare));
  pdf.moveDown(0.3);
  row(receipt ? 'Total paid' : 'Total refunded', pdfAmount(document.amount), true);

  pdf.moveDown(1.5);
  pdf
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(
      'Amounts in Indian rupees (INR). The platform fee and the GST on it are charged by the seller; the ' +
        "mentor's share is the mentor's, paid out to them. " +
        (receipt
          ? 'A refund of this payment is issued as a credit note against this receipt.'
          : 'This credit note reduces the receipt named above by the amounts shown.'),
      left,
      pdf.y,
      { width },
    );
  pdf.end();
  return done;
}
