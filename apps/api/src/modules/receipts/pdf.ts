import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { DEFAULT_TIMEZONE } from '@skillroute/shared/availability-constants';
import { INTL_LOCALES, type Locale } from '@skillroute/shared/i18n/locales';
import { readerZone } from '@skillroute/shared/time-zones';
import { formatsPerZone } from '@skillroute/shared/zone-formats';
import type { FinancialDocumentRow } from '../../db/schema';
import { translatorFor } from '../../lib/i18n';
import { formatSessionTime } from '../bookings/announcement-texts';
import type { BookingOfDocument } from './repository';
import { pdfAmount } from './rules';

const longDates = {
  en: formatsPerZone(INTL_LOCALES.en, { dateStyle: 'long' }),
  hi: formatsPerZone(INTL_LOCALES.hi, { dateStyle: 'long' }),
} satisfies Record<Locale, unknown>;

/** The day a document was issued, on India's calendar (the one its financial year and number follow). */
const issueDate = (at: Date, locale: Locale) => longDates[locale](DEFAULT_TIMEZONE).format(at);

/** The session's date with its year, on the mentee's calendar ("27 November 2026", "27 नवंबर 2026"). */
const sessionDate = (at: Date, zone: string, locale: Locale) => longDates[locale](zone).format(at);

/** A document's regular and bold faces, as pdfkit names them. */
interface Faces {
  regular: string;
  bold: string;
}

/** Text pdfkit's standard fonts cannot draw: they are Latin-1 (WinAnsi). */
const outsideLatin1 = (text: string): boolean =>
  [...text].some((character) => character.codePointAt(0)! > 0xff);

/** English: pdfkit's standard Helvetica, nothing to embed. */
const HELVETICA: Faces = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

const require = createRequire(import.meta.url);
/** The font files of Noto Sans Devanagari (OFL), which has Latin letters, digits and "₹" too. */
const NOTO_FILES = {
  regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
};
let notoFonts: Promise<NotoFonts> | undefined;
interface NotoFonts {
  regular: Buffer;
  bold: Buffer;
}

/**
 * Noto Sans Devanagari's files (about 220 kB each), for Hindi and for names Helvetica cannot draw. Read the
 * first time such a document is made, and kept; an English document of Latin names never reads them.
 */
function notoFontFiles(): Promise<NotoFonts> {
  notoFonts ??= Promise.all([
    readFile(require.resolve(NOTO_FILES.regular)),
    readFile(require.resolve(NOTO_FILES.bold)),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      notoFonts = undefined;
      throw error;
    },
  );
  return notoFonts;
}

/** Embeds Noto Sans Devanagari in `pdf`: only the glyphs the document uses are written into it. */
function embedNoto(pdf: PDFKit.PDFDocument, fonts: NotoFonts): Faces {
  pdf.registerFont('NotoSansDevanagari', fonts.regular);
  pdf.registerFont('NotoSansDevanagari-Bold', fonts.bold);
  return { regular: 'NotoSansDevanagari', bold: 'NotoSansDevanagari-Bold' };
}

export interface DocumentPdfInput {
  document: FinancialDocumentRow;
  /** A credit note's receipt, which it corrects. */
  receiptNumber: string | undefined;
  booking: BookingOfDocument;
  seller: { name: string; gstin: string; address: string };
  /** The reader's language: a download's is the request's. */
  locale: Locale;
}

/**
 * A receipt or a credit note as a one-page A4 PDF, in English in pdfkit's standard Helvetica (no font file to
 * embed), in Hindi (or with a name in Devanagari) in Noto Sans Devanagari: the seller, the buyer (the mentee), the mentor, the session's
 * time in the mentee's own zone, the price with the platform's fee and its GST shown, the mentor's share, and
 * the number and date (decision 056).
 */
export async function renderDocumentPdf(input: DocumentPdfInput): Promise<Buffer> {
  const { document, receiptNumber, booking, seller, locale } = input;
  const { t } = translatorFor(locale);
  const amount = (paise: number) => pdfAmount(paise, { rupeeSign: locale !== 'en' });
  const receipt = document.kind === 'receipt';
  const title = receipt ? t('Receipt') : t('Credit note');
  const zone = readerZone(booking.mentee.timezone);
  const minutes = Math.round((booking.endTime.getTime() - booking.startTime.getTime()) / 60_000);
  // Hindi, or a name Helvetica cannot draw (its letters are Latin-1 only: "अदिति" would come out as wrong glyphs).
  const people = [
    booking.mentee.name,
    booking.mentee.email,
    booking.mentor.name,
    seller.name,
    seller.address,
  ];
  const noto = locale !== 'en' || people.some(outsideLatin1) ? await notoFontFiles() : undefined;

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

  const faces = noto === undefined ? HELVETICA : embedNoto(pdf, noto);
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  /**
   * Writes `text` at (x, y), else where the last text ended. In Hindi inside a span that carries the text as
   * typed (ActualText): the glyphs alone copy in drawn order, a vowel sign before its consonant ("िक" for
   * "कि"), in viewers that read no ActualText too. English is written as before, without spans.
   */
  const write = (text: string, options: PDFKit.Mixins.TextOptions, x?: number, y?: number) => {
    if (noto !== undefined) pdf.markContent('Span', { actual: text });
    if (x === undefined) pdf.text(text, options);
    else pdf.text(text, x, y, options);
    if (noto !== undefined) pdf.endMarkedContent();
  };
  const heading = (text: string) => {
    pdf.moveDown(0.8).font(faces.bold).fontSize(11);
    write(text, {});
  };
  const line = (text: string) => {
    pdf.font(faces.regular).fontSize(10);
    write(text, { width });
  };
  /** A label and an amount on one line, the amount right-aligned. */
  const row = (label: string, amount: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? faces.bold : faces.regular).fontSize(10);
    write(label, { width: width - 140 }, left, y);
    write(amount, { width: 140, align: 'right' }, left + width - 140, y);
    pdf.moveDown(0.3);
  };

  pdf.font(faces.bold).fontSize(20);
  write(title, {});
  pdf.moveDown(0.3);
  line(t('Number: {number}', { number: document.number }));
  line(t('Date: {date}', { date: issueDate(document.issuedAt, locale) }));
  if (!receipt && receiptNumber !== undefined)
    line(t('Against receipt: {number}', { number: receiptNumber }));

  heading(t('Seller'));
  line(seller.name);
  line(`GSTIN: ${seller.gstin}`);
  line(seller.address);

  heading(receipt ? t('Received from') : t('Refunded to'));
  line(booking.mentee.name);
  line(booking.mentee.email);

  heading(t('For'));
  line(t('A {minutes}-minute mentoring session with {mentor}', { minutes, mentor: booking.mentor.name }));
  line(
    t('{date}, starting {time}', {
      date: sessionDate(booking.startTime, zone, locale),
      time: formatSessionTime(booking.startTime, zone, locale),
    }),
  );

  heading(t('Amounts'));
  pdf.moveDown(0.2);
  row(receipt ? t('Session price') : t('Amount refunded'), amount(document.amount), true);
  row(`  ${t('Platform fee')}`, amount(document.platformFee));
  row(`  ${t('GST on the platform fee')}`, amount(document.gstOnFee));
  row(`  ${t("Mentor's share")}`, amount(document.mentorShare));
  pdf.moveDown(0.3);
  row(receipt ? t('Total paid') : t('Total refunded'), amount(document.amount), true);

  pdf.moveDown(1.5);
  pdf.font(faces.regular).fontSize(8).fillColor('#555555');
  write(
    t(
      "Amounts in Indian rupees (INR). The platform fee and the GST on it are charged by the seller; the mentor's share is the mentor's, paid out to them.",
    ) +
      ' ' +
      (receipt
        ? t('A refund of this payment is issued as a credit note against this receipt.')
        : t('This credit note reduces the receipt named above by the amounts shown.')),
    { width },
    left,
    pdf.y,
  );
  pdf.end();
  return done;
}
