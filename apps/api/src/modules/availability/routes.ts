import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityBodySchema,
  availabilityMessages,
  availabilitySchema,
  availabilityUpdateResponseSchema,
  slotsQuerySchema,
  slotsResponseSchema,
} from '@skillroute/shared/availability';
import { bookingSettingsResponseSchema, bookingSettingsSchema } from '@skillroute/shared/booking-settings';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { mentorMessages } from '@skillroute/shared/mentors';
import { sendSerialized } from '../../lib/serialized-body';
import { contextOf, userContextOf } from '../../plugins/services';
import {
  getAvailability,
  getBookingSettings,
  readSlots,
  updateAvailability,
  updateBookingSettings,
} from './service';

const tags = ['availability'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const mentorParams = z.object({ mentorId: z.uuid(mentorMessages.mentorNotFound) });

/** `/api/mentors/availability` (DESIGN.md §4 "Mentors, availability, slots"): when a mentor is free, and at what rate. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/availability/:mentorId',
    {
      schema: {
        summary: "A mentor's weekly hours, date overrides, zone and hourly rate (public)",
        tags,
        params: mentorParams,
        response: { 200: availabilitySchema, ...refusals },
      },
    },
    async (request) => getAvailability(contextOf(request), request.params.mentorId),
  );

  app.put(
    '/availability',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "Set one's own weekly hours, date overrides, zone and hourly rate",
        tags,
        body: availabilityBodySchema,
        response: { 200: availabilityUpdateResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      ...(await updateAvailability(userContextOf(request), request.body)),
      message: availabilityMessages.savedDescription,
    }),
  );

  app.get(
    '/availability/:mentorId/slots',
    {
      // The URL decides the answer (a window valid once stays valid): sent again to the next anonymous reader.
      config: { replayAnswers: true },
      schema: {
        summary: "A mentor's free one-hour slots between two instants, as UTC instants (public)",
        tags,
        params: mentorParams,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await readSlots(contextOf(request), { mentorId: request.params.mentorId, ...request.query }),
      ),
  );

  app.get(
    '/booking-settings',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "One's own booking settings as a mentor: minimum notice, buffer, sessions per day",
        tags,
        response: { 200: bookingSettingsResponseSchema, ...refusals },
      },
    },
    async (request) => getBookingSettings(userContextOf(request)),
  );

  app.put(
    '/booking-settings',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "Set one's own booking settings as a mentor; free slots and new bookings follow at once",
        tags,
        body: bookingSettingsSchema,
        response: { 200: bookingSettingsResponseSchema, ...refusals },
      },
    },
    async (request) => updateBookingSettings(userContextOf(request), request.body),
  );
};
