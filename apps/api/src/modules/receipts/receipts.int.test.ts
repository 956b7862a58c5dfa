import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { eq, like, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingListResponseSchema, bookingResponseSchema, type Booking } from '@skillroute/shared/bookings';
import { splitPrice } from '@skillroute/shared/earnings';
import { createPaymentResponseSchema, type CreatePaymentResponse } from '@skillroute/shared/payments';
import { documentNumber, financialYearOf, receiptMessages } from '@skillroute/shared/receipts';
import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import { HOUR_MS, WEEKDAYS_10_TO_17, weekAhead } from '../../../test/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createMentor } from '../../../test/mentors';
import { statementsDuring, transactionAround, type SentStatement } from '../../../test/statements';
import { deriveSandboxWebhookSecret, signSandboxEvent } from '../../adapters/payments/sandbox';
import { within } from '../../context/service-context';
import { REQUEST_POOL_SIZE } from '../../db/client';
import { bookings, financialDocuments, users } from '../../db/schema';
import { confirmPaidBooking } from '../bookings/transitions';

const { at } = weekAhead();
let nowMs = at(0, 6).getTime();
const clock = { now: () => new Date(nowMs) };
const PRICE_PAISE = 150_000;
const SELLER = {
  BUSINESS_NAME: 'Skillroute Learning Private Limited',
  BUSINESS_GSTIN: '29ABCDE1234F1Z5',
  BUSINESS_ADDRESS: '12 MG Road, Bengaluru 560001',
};

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { RATE_LIMIT_MAX: '1000000', ...SELLER } });
  secret = deriveSandboxWebhookSecret(t.config.jwtSecret);
});
afterAll(() => t.close());
beforeEach(() => {
  nowMs = at(0, 6).getTime();
});

const signedIn = (user: Parameters<typeof signedInAs>[2]) =>
  signedInAs(t.app.db, t.config.jwtSecret, user, clock.now());
async function resign(person: SignedInPerson): Promise<SignedInPerson> {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, person.id));
  return signedIn(user!);
}
const newMentee = async (timezone?: string) =>
  signedIn(
    await createUser(t.app.db, {
      email: `mentee-${randomUUID()}@example.org`,
      name: 'Asha Mentee',
      timezone,
      timezoneChosen: timezone !== undefined,
    }),
  );
async function newMentor(): Promise<SignedInPerson> {
  const id = await createMentor(t.app.db, {
    name: 'Ravi Mentor',
    availability: { timezone: 'UTC', weeklyHours: WEEKDAYS_10_TO_17, pricePaise: PRICE_PAISE },
  });
  return signedIn({ id, email: `${id}@example.org`, role: 'mentor' });
}

const post = (who: SignedInPerson, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const get = (who: SignedInPerson | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who === undefined ? {} : { cookie: who.cookie } });

async function held(mentee: SignedInPerson, mentor: SignedInPerson, start: Date): Promise<Booking> {
  const response = await post(mentee, '/api/bookings', {
    mentorId: mentor.id,
    startTime: start.toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return bookingResponseSchema.parse(response.json()).booking;
}

async function paymentFor(mentee: SignedInPerson, booking: Booking): Promise<CreatePaymentResponse> {
  const response = await post(mentee, '/api/payments/create', { bookingId: booking.id });
  expect(response.statusCode, response.body).toBe(200);
  return createPaymentResponseSchema.parse(response.json());
}

/** The sandbox provider's signed "payment succeeded", through the webhook route every provider ends in. */
function paid(paymentId: string) {
  const signed = signSandboxEvent(secret, {
    kind: 'payment_succeeded',
    paymentId,
    amount: PRICE_PAISE,
    currency: 'INR',
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/sandbox',
    headers: signed.headers,
    payload: signed.body,
  });
}

/** A mentee holding a slot of a new mentor with a payment started. */
async function startedPayment(start = at(2, 10), menteeZone?: string) {
  const mentor = await newMentor();
  const mentee = await newMentee(menteeZone);
  const booking = await held(mentee, mentor, start);
  const payment = await paymentFor(mentee, booking);
  return { mentor, mentee, booking, payment };
}

async function confirmedBooking(start = at(2, 10), menteeZone?: string) {
  const started = await startedPayment(start, menteeZone);
  expect((await paid(started.payment.paymentId)).statusCode).toBe(200);
  return started;
}

const documentsOf = (bookingId: string) =>
  t.app.db.select().from(financialDocuments).where(eq(financialDocuments.bookingId, bookingId));
const receiptOf = async (bookingId: string) =>
  (await documentsOf(bookingId)).find((document) => document.kind === 'receipt');
const serialOf = (number: string) => Number(number.split('/')[2]);

/** The statement that takes a document's number and writes the document. */
const NUMBERED = 'insert_numbered_document';

/**
 * What the transaction that took a document's number sent after it: the number locks its series until the commit,
 * so everything sent here is time every other payment or refund waits.
 */
function sentAfterTheNumber(statements: SentStatement[]): string[] {
  const sent = transactionAround(statements, ({ name }) => name === NUMBERED);
  return sent.slice(sent.indexOf(NUMBERED) + 1);
}

/** The text of a PDF, as a reader's copy-paste would give it. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The title a PDF reader shows for it (its info dictionary's). */
async function pdfTitle(body: Buffer): Promise<unknown> {
  const { info } = await (await getDocumentProxy(new Uint8Array(body))).getMetadata();
  return (info as { Title?: unknown }).Title;
}

const PDF_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** The ActualText of each marked span on a PDF's pages: UTF-16 after a byte order mark, or Latin-1. */
function actualTexts(body: Buffer): string[] {
  const pdf = body.toString('latin1');
  const texts: string[] = [];
  for (const match of pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const [, escaped] of content.matchAll(/\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)/g)) {
      const raw = escaped!.replace(/\\([\s\S])/g, (_, c: string) => PDF_ESCAPES[c] ?? c);
      texts.push(
        raw.startsWith('\xfe\xff') ? Buffer.from(raw.slice(2), 'latin1').swap16().toString('utf16le') : raw,
      );
    }
  }
  return texts;
}

describe('numbering receipts', () => {
  it('gives two payments in a row consecutive numbers of the financial year, with the price split', async () => {
    const first = await confirmedBooking(at(2, 10));
    const second = await confirmedBooking(at(2, 11));
    const a = (await receiptOf(first.booking.id))!;
    const b = (await receiptOf(second.booking.id))!;
    expect(a.number).toMatch(/^SR\/\d{4}-\d{2}\/\d{6}$/);
    expect(b.number.slice(0, 11)).toBe(a.number.slice(0, 11));
    expect(serialOf(b.number)).toBe(serialOf(a.number) + 1);
    expect(a).toMatchObject({
      amount: PRICE_PAISE,
      ...splitPrice(PRICE_PAISE, t.config.fees),
      receiptId: null,
    });
  });

  it("takes the number last in the payment's transaction, with the receipt's insert: only the commit follows it", async () => {
    const { payment } = await startedPayment(at(2, 15));
    const statements = await statementsDuring(async () =>
      expect((await paid(payment.paymentId)).statusCode).toBe(200),
    );
    expect(sentAfterTheNumber(statements)).toEqual(['commit']);
  });

  it('leaves no gap and no duplicate when 50 payments confirm at once', async () => {
    // Started a pool's worth at a time, so no setup request waits past the pool's timeout on a busy machine:
    // only the confirmations race.
    const started: Awaited<ReturnType<typeof startedPayment>>[] = [];
    while (started.length < 50)
      started.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(REQUEST_POOL_SIZE, 50 - started.length) }, () =>
            startedPayment(at(3, 10)),
          ),
        )),
      );
    const answers = await Promise.all(started.map(({ payment }) => paid(payment.paymentId)));
    // Fifty at once on a pool of ten may leave one waiting past the pool's timeout: a 503, which the
    // provider delivers again, as here. What counts is that no number is lost or given twice.
    for (const [index, answer] of answers.entries()) {
      let status = answer.statusCode;
      for (let attempt = 0; status === 503 && attempt < 3; attempt += 1)
        status = (await paid(started[index]!.payment.paymentId)).statusCode;
      expect(status).toBe(200);
    }

    const receipts = await Promise.all(started.map(({ booking }) => receiptOf(booking.id)));
    const numbers = receipts.map((receipt) => receipt!.number);
    expect(new Set(numbers).size).toBe(50);
    // The whole series of the year, these and the earlier tests', counts 1, 2, 3, … without a hole.
    const year = numbers[0]!.slice(0, 11);
    const all = await t.app.db
      .select({ number: financialDocuments.number })
      .from(financialDocuments)
      .where(like(financialDocuments.number, `${year}%`));
    const serials = all.map((row) => serialOf(row.number)).sort((x, y) => x - y);
    expect(serials).toEqual(serials.map((_, index) => index + 1));
  });

  it('starts again at 000001 on 1 April, India time', async () => {
    const mentor = await newMentor();
    const mentee = await newMentee();
    const pending = async (hour: number) => {
      const start = new Date(Date.UTC(2031, 5, 2, hour));
      const [row] = await t.app.db
        .insert(bookings)
        .values({
          mentorId: mentor.id,
          menteeId: mentee.id,
          amount: PRICE_PAISE,
          startTime: start,
          endTime: new Date(start.getTime() + HOUR_MS),
          holdExpiresAt: start,
          status: 'pending_payment',
        })
        .returning();
      return row!;
    };
    const confirmAt = async (instant: string, hour: number) => {
      nowMs = Date.parse(instant);
      const booking = await pending(hour);
      await t.app.services.unitOfWork((uow) =>
        confirmPaidBooking(within(t.app.services, uow), { bookingId: booking.id }),
      );
      return (await receiptOf(booking.id))!.number;
    };
    // 23:29 on 31 March in India is still the old year; 00:00 on 1 April (18:30 UTC) is the new one.
    expect(await confirmAt('2031-03-31T17:59:00Z', 9)).toBe('SR/2030-31/000001');
    expect(await confirmAt('2031-03-31T18:29:59Z', 10)).toBe('SR/2030-31/000002');
    expect(await confirmAt('2031-03-31T18:30:00Z', 11)).toBe('SR/2031-32/000001');
    expect(await confirmAt('2031-04-02T10:00:00Z', 12)).toBe('SR/2031-32/000002');
    // Past 999,999 the serial grows a digit, as documentNumber writes it, rather than being cut.
    await t.app.db.execute(
      sql`update document_series set last_number = 999999 where series = 'SR' and financial_year = '2031-32'`,
    );
    expect(await confirmAt('2031-04-02T11:00:00Z', 13)).toBe(documentNumber('receipt', '2031-32', 1_000_000));
    expect(await confirmAt('2031-04-02T12:00:00Z', 14)).toBe('SR/2031-32/1000001');
  });

  it('gives back the number of a confirmation that rolls back', async () => {
    await confirmedBooking(at(2, 14));
    const { booking } = await startedPayment(at(2, 13));
    const year = financialYearOf(clock.now());
    const before = await t.app.db.execute<{ last_number: number }>(
      sql`select last_number from document_series where series = 'SR' and financial_year = ${year}`,
    );
    await expect(
      t.app.services.unitOfWork(async (uow) => {
        await confirmPaidBooking(within(t.app.services, uow), { bookingId: booking.id });
        throw new Error('the provider answer was lost');
      }),
    ).rejects.toThrow('the provider answer was lost');
    expect(await documentsOf(booking.id)).toEqual([]);
    const after = await t.app.db.execute<{ last_number: number }>(
      sql`select last_number from document_series where series = 'SR' and financial_year = ${year}`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('keeps an issued document as it is: an update or a delete is refused', async () => {
    const { booking } = await confirmedBooking(at(2, 12));
    for (const statement of [
      sql`update financial_documents set amount = 1 where booking_id = ${booking.id}`,
      sql`delete from financial_documents where booking_id = ${booking.id}`,
    ])
      await expect(t.app.db.execute(statement)).rejects.toThrow();
    expect(await documentsOf(booking.id)).toHaveLength(1);
  });
});

describe('credit notes', () => {
  it("gives a mentee's half refund a credit note against the receipt, each part halved", async () => {
    const start = at(4, 12);
    const { mentee, mentor, booking } = await confirmedBooking(start);
    nowMs = start.getTime() - 10 * HOUR_MS;
    const cancelled = await post(await resign(mentee), `/api/bookings/${booking.id}/cancel`, {
      reason: 'Something came up',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const receipt = (await receiptOf(booking.id))!;
    const note = (await documentsOf(booking.id)).find((document) => document.kind === 'credit_note')!;
    expect(note.number).toMatch(/^CN\/\d{4}-\d{2}\/\d{6}$/);
    // 150,000 → fee 15,000, GST 2,700, share 132,300; half of each comes back.
    expect(note).toMatchObject({
      receiptId: receipt.id,
      amount: 75_000,
      platformFee: 7_500,
      gstOnFee: 1_350,
      mentorShare: 66_150,
    });

    // The mentee's list carries both numbers for the download links; the mentor's does not.
    const list = async (who: SignedInPerson) =>
      bookingListResponseSchema
        .parse((await get(await resign(who), `/api/bookings/profile/${who.id}`)).json())
        .bookings.find((b) => b.id === booking.id);
    expect(await list(mentee)).toMatchObject({
      receiptNumber: receipt.number,
      creditNoteNumber: note.number,
    });
    const asMentor = await list(mentor);
    expect(asMentor?.receiptNumber).toBeUndefined();
    expect(asMentor?.creditNoteNumber).toBeUndefined();
  });

  it("takes the number last in the cancellation's transaction, with the credit note's insert: only the commit follows it", async () => {
    const start = at(4, 15);
    const { mentee, booking } = await confirmedBooking(start);
    nowMs = start.getTime() - 48 * HOUR_MS;
    const statements = await statementsDuring(async () => {
      const cancelled = await post(await resign(mentee), `/api/bookings/${booking.id}/cancel`, {
        reason: 'Plans changed',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });
    expect(sentAfterTheNumber(statements)).toEqual(['commit']);
  });

  it('issues none for a refund of nothing (a cancellation under 2 hours before the start)', async () => {
    const start = at(4, 14);
    const { mentee, booking } = await confirmedBooking(start);
    nowMs = start.getTime() - HOUR_MS;
    const cancelled = await post(await resign(mentee), `/api/bookings/${booking.id}/cancel`, {
      reason: 'Too late to go',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await documentsOf(booking.id)).map((document) => document.kind)).toEqual(['receipt']);
  });
});

describe('GET /api/bookings/:id/receipt.pdf and credit-note.pdf', () => {
  it("writes the number, the seller, both people, the session in the mentee's zone and the split", async () => {
    const start = at(4, 15);
    const { mentee, booking } = await confirmedBooking(start, 'America/New_York');
    const receipt = (await receiptOf(booking.id))!;

    const response = await get(mentee, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receipt.number.replaceAll('/', '-')}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Receipt',
      receipt.number,
      SELLER.BUSINESS_NAME,
      `GSTIN: ${SELLER.BUSINESS_GSTIN}`,
      SELLER.BUSINESS_ADDRESS,
      'Asha Mentee',
      'Ravi Mentor',
      // 15:00 UTC on a Friday in winter is 10:00 in New York.
      'Eastern Time (New York)',
      '10:00 AM',
      'INR 1,500.00',
      'INR 150.00',
      'INR 27.00',
      'INR 1,323.00',
    ])
      expect(text).toContain(expected);

    nowMs = start.getTime() - 30 * HOUR_MS;
    const again = await resign(mentee);
    expect(
      (await post(again, `/api/bookings/${booking.id}/cancel`, { reason: 'Plans changed' })).statusCode,
    ).toBe(200);
    const note = await get(again, `/api/bookings/${booking.id}/credit-note.pdf`);
    expect(note.statusCode, note.body).toBe(200);
    const noteText = await pdfText(note.rawPayload);
    expect(noteText).toContain('Credit note');
    expect(noteText).toMatch(/CN\/\d{4}-\d{2}\/\d{6}/);
    expect(noteText).toContain(`Against receipt: ${receipt.number}`);
    expect(noteText).toContain('INR 1,500.00');
    expect(note.headers['content-disposition']).toMatch(/^attachment; filename="credit-note-CN-.*\.pdf"$/);
  });

  it("is in the request's language: Hindi in Noto Sans Devanagari, English in Helvetica", async () => {
    const start = at(4, 16);
    const { mentee, booking } = await confirmedBooking(start);
    const receipt = (await receiptOf(booking.id))!;
    const url = `/api/bookings/${booking.id}/receipt.pdf`;
    const download = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, cookie: `${mentee.cookie}; ${headers.cookie ?? ''}` },
      });

    const hindi = await download({ cookie: 'locale=hi' });
    expect(hindi.statusCode, hindi.body).toBe(200);
    // The font's name is written plainly in its dictionary; its glyphs are embedded.
    expect(hindi.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold\b/);
    expect(hindi.rawPayload.toString('latin1')).not.toContain('/Helvetica');
    expect(await pdfTitle(hindi.rawPayload)).toBe(`रसीद ${receipt.number}`);
    // pdf.js reads glyphs in drawn order (a vowel sign before its consonant): words without one are checked.
    const hindiText = await pdfText(hindi.rawPayload);
    for (const expected of ['रसीद', receipt.number, 'Ravi Mentor', '₹1,500.00', '₹1,323.00'])
      expect(hindiText).toContain(expected);
    expect(hindiText).not.toContain('Receipt');
    expect(hindiText).not.toContain('INR 1,500.00');
    // Each Hindi text carries itself as typed, for copying from the PDF.
    expect(actualTexts(hindi.rawPayload)).toEqual(
      expect.arrayContaining(['विक्रेता', '  प्लेटफ़ॉर्म फ़ीस', 'किस लिए']),
    );
    // The browser's language when no language was chosen in the app.
    expect(await pdfTitle((await download({ 'accept-language': 'hi-IN,hi;q=0.9' })).rawPayload)).toBe(
      `रसीद ${receipt.number}`,
    );

    for (const english of [
      await download({}),
      await download({ cookie: 'locale=en', 'accept-language': 'hi' }),
    ]) {
      expect(english.statusCode, english.body).toBe(200);
      expect(english.rawPayload.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
      expect(english.rawPayload.toString('latin1')).not.toContain('NotoSansDevanagari');
      expect(actualTexts(english.rawPayload)).toEqual([]);
      expect(await pdfTitle(english.rawPayload)).toBe(`Receipt ${receipt.number}`);
      expect(await pdfText(english.rawPayload)).toContain('INR 1,500.00');
    }
  });

  it('draws a name Helvetica cannot (Devanagari) in Noto Sans Devanagari, in English too', async () => {
    const { mentee, booking } = await confirmedBooking(at(4, 14));
    await t.app.db.update(users).set({ name: 'अदिति शर्मा' }).where(eq(users.id, mentee.id));
    const english = await get(mentee, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(english.statusCode, english.body).toBe(200);
    expect(english.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari\b/);
    expect(english.rawPayload.toString('latin1')).not.toContain('/Helvetica');
    expect(actualTexts(english.rawPayload)).toContain('अदिति शर्मा');
    const text = await pdfText(english.rawPayload);
    expect(text).toContain('Receipt');
    expect(text).toContain('INR 1,500.00');
  });

  it('is for the mentee only: the mentor and a stranger get 404, no cookie 401', async () => {
    const { mentee, mentor, booking } = await confirmedBooking(at(1, 10));
    const stranger = await newMentee();
    const url = `/api/bookings/${booking.id}/receipt.pdf`;
    expect((await get(mentee, url)).statusCode).toBe(200);
    expect((await get(mentor, url)).statusCode).toBe(404);
    expect((await get(stranger, url)).statusCode).toBe(404);
    expect((await get(undefined, url)).statusCode).toBe(401);
    expect((await get(mentor, `/api/bookings/${booking.id}/credit-note.pdf`)).statusCode).toBe(404);
    expect((await get(mentee, `/api/bookings/${randomUUID()}/receipt.pdf`)).statusCode).toBe(404);
    expect((await get(mentee, '/api/bookings/not-an-id/receipt.pdf')).statusCode).toBe(400);
  });

  it('answers 404 with the reason when the document is not issued yet', async () => {
    const { mentee, booking, payment } = await startedPayment(at(1, 11));
    const receipt = await get(mentee, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(404);
    expect(receipt.json().message).toBe(receiptMessages.noReceipt);
    expect((await paid(payment.paymentId)).statusCode).toBe(200);
    const note = await get(mentee, `/api/bookings/${booking.id}/credit-note.pdf`);
    expect(note.statusCode).toBe(404);
    expect(note.json().message).toBe(receiptMessages.noCreditNote);
  });
});
