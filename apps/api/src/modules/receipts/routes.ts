import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingMessages } from '@skillroute/shared/bookings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { perUserLimit } from '../../plugins/rate-limit';
import { userContextOf } from '../../plugins/services';
import type { FinancialDocumentKind } from '../../db/schema';
import { requestLocale } from '../../lib/i18n';
import { documentPdf } from './service';

const tags = ['bookings'];
const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
/** Each PDF is made on request: a person downloads a few, a script asking in a loop is slowed down. */
const PDFS_PER_MINUTE = 30;

/** `/api/bookings/:id/receipt.pdf` and `/credit-note.pdf` (DESIGN.md §4b): the mentee's documents. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = (path: string, kind: FinancialDocumentKind, summary: string) =>
    app.get(
      path,
      {
        onRequest: app.requireUser,
        config: {
          ...perUserLimit({ name: 'receipt-pdfs', max: PDFS_PER_MINUTE, windowMs: 60_000 }),
        },
        schema: {
          summary,
          tags,
          params: z.object({ id: z.uuid(bookingMessages.notFound) }),
          // Sent as the bytes themselves (application/pdf): a Buffer is not serialized as JSON.
          response: { 200: z.string().describe('The PDF'), ...refusals, 429: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const pdf = await documentPdf(userContextOf(request), {
          bookingId: request.params.id,
          kind,
          locale: requestLocale(request),
        });
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${pdf.filename}"`)
            .header('cache-control', 'private, no-store')
            // A Buffer goes out as its bytes, never through the serializer; the 200 schema only documents it.
            .send(pdf.content as unknown as string)
        );
      },
    );

  route(
    '/:id/receipt.pdf',
    'receipt',
    "A paid booking's receipt (PDF), numbered per financial year; for its mentee only (404 to anyone else)",
  );
  route(
    '/:id/credit-note.pdf',
    'credit_note',
    "A refunded booking's credit note (PDF) against its receipt; for its mentee only (404 to anyone else)",
  );
};
