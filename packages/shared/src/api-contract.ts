import { z } from 'zod';
import { adminAuditListResponseSchema } from './admin-audit';
import { adminPayoutRetryResponseSchema, adminPayoutsResponseSchema } from './admin-payouts';
import {
  adminBookingsResponseSchema,
  adminRefundResponseSchema,
  adminUserDetailsResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  dashboardResponseSchema,
} from './admin-console';
import {
  adminQuestionListSchema,
  adminQuestionResponseSchema,
  adminStackListSchema,
  adminStackResponseSchema,
  ownTestListSchema,
  savedAnswersResponseSchema,
  stackListSchema,
  testResultSchema,
  testSchema,
} from './assessments';
import {
  adminResponseSchema,
  messageResponseSchema,
  profileUpdateResponseSchema,
  publicConfigSchema,
  signupResponseSchema,
  userResponseSchema,
} from './auth';
import {
  earningsResponseSchema,
  ledgerCheckResponseSchema,
  payoutMethodResponseSchema,
  payoutResponseSchema,
} from './earnings';
import {
  bookingListResponseSchema,
  bookingResponseSchema,
  cancelBookingResponseSchema,
  mentorReviewsResponseSchema,
  reviewResponseSchema,
  waitlistResponseSchema,
} from './bookings';
import { errorEnvelopeSchema } from './errors';
import { bookingLearningResponseSchema, recommendationsResponseSchema } from './learning';
import { healthResponseSchema } from './health';
import { createdIdSchema } from './ids';
import { availabilitySchema, availabilityUpdateResponseSchema, slotsResponseSchema } from './availability';
import { bookingSettingsResponseSchema } from './booking-settings';
import { mentorListResponseSchema, mentorProfileResponseSchema, mentorUpdateResponseSchema } from './mentors';
import { createPaymentResponseSchema, webhookReceivedSchema } from './payments';
import { meetRoomSchema } from './meet';
import { restoreListingResponseSchema } from './no-shows';
import { notificationCountResponseSchema, notificationListResponseSchema } from './notifications';
import {
  listingResponseSchema,
  myProgressResponseSchema,
  nodeDetailsResponseSchema,
  progressResponseSchema,
  publishedRoadmapListSchema,
  roadmapListSchema,
  roadmapSchema,
} from './roadmap-api';
import { topicNoteResponseSchema, topicNotesResponseSchema } from './topic-notes';

/**
 * What each route of the api answers when it succeeds, by "METHOD /path" (`:name` for a parameter; a
 * trailing slash is the same route, as Fastify serves both); every refusal is the error envelope. The api's routes declare these same
 * schemas; the web tests' fake server checks every reply it sends against them, so a fixture cannot
 * drift from the api.
 */
export const apiResponses = {
  'GET /api/health': { 200: healthResponseSchema },
  'GET /api/config': { 200: publicConfigSchema },

  'POST /api/auth/': { 201: signupResponseSchema },
  'POST /api/auth/verify-otp': { 200: userResponseSchema },
  'POST /api/auth/resent-otp': { 200: messageResponseSchema },
  'POST /api/auth/login': { 200: userResponseSchema },
  'POST /api/auth/google-login': { 200: userResponseSchema },
  'POST /api/auth/logout': { 200: messageResponseSchema },
  'POST /api/auth/refreshToken': { 200: userResponseSchema },
  'POST /api/auth/forgot-password': { 200: messageResponseSchema },
  'POST /api/auth/reset-password': { 200: messageResponseSchema },
  'GET /api/auth/session': { 200: userResponseSchema },

  'GET /api/user/:id': { 200: userResponseSchema },
  'PUT /api/user/update': { 200: profileUpdateResponseSchema },
  'GET /api/user/notifications/notification-count/:email': { 200: notificationCountResponseSchema },
  'GET /api/user/notifications/:email': { 200: notificationListResponseSchema },
  'PUT /api/user/notifications/read': { 200: notificationCountResponseSchema },
  'GET /api/user/recommendations': { 200: recommendationsResponseSchema },

  'POST /api/admin/login': { 200: adminResponseSchema },
  'POST /api/admin/logout': { 200: messageResponseSchema },
  'POST /api/admin/refreshToken': { 200: adminResponseSchema },
  'GET /api/admin/me': { 200: adminResponseSchema },
  'GET /api/admin/dashboard': { 200: dashboardResponseSchema },
  'GET /api/admin/users': { 200: adminUsersResponseSchema },
  'GET /api/admin/users/:id': { 200: adminUserDetailsResponseSchema },
  'PATCH /api/admin/users/:id': { 200: adminUserResponseSchema },
  'GET /api/admin/bookings': { 200: adminBookingsResponseSchema },
  'POST /api/admin/bookings/:id/refund': { 200: adminRefundResponseSchema },
  'POST /api/admin/bookings/:id/refund/retry': { 200: adminRefundResponseSchema },
  'GET /api/admin/audit': { 200: adminAuditListResponseSchema },
  'POST /api/admin/mentors/:id/restore-listing': { 200: restoreListingResponseSchema },

  'POST /api/roadmap': { 201: createdIdSchema },
  'GET /api/roadmap': { 200: roadmapListSchema },
  'POST /api/roadmap/node': { 201: createdIdSchema },
  'POST /api/roadmap/publish': { 200: messageResponseSchema },
  'GET /api/roadmap/published': { 200: publishedRoadmapListSchema },
  'GET /api/roadmap/progress/mine': { 200: myProgressResponseSchema },
  'GET /api/roadmap/profile/:mentorId': { 200: roadmapListSchema },
  'GET /api/roadmap/nodedetails/:id': { 200: nodeDetailsResponseSchema },
  'GET /api/roadmap/:id': { 200: roadmapSchema },
  'GET /api/roadmap/:id/progress': { 200: progressResponseSchema },
  'PUT /api/roadmap/:id/progress': { 200: progressResponseSchema },
  'GET /api/roadmap/:id/notes': { 200: topicNotesResponseSchema },
  'PUT /api/roadmap/:id/notes/:nodeId': { 200: topicNoteResponseSchema },
  'GET /api/roadmap/:id/recommendations': { 200: recommendationsResponseSchema },

  'GET /api/admin/roadmap': { 200: roadmapListSchema },
  'POST /api/admin/roadmap/review': { 200: messageResponseSchema },
  'PUT /api/admin/roadmap/list-unlist': { 200: listingResponseSchema },

  'GET /api/assessment': { 200: stackListSchema },
  'POST /api/assessment/tests': { 201: createdIdSchema },
  'GET /api/assessment/tests': { 200: ownTestListSchema },
  'POST /api/assessment/tests/submit': { 200: testResultSchema },
  'GET /api/assessment/tests/:id': { 200: testSchema },
  'PUT /api/assessment/tests/:id/answers': { 200: savedAnswersResponseSchema },
  'POST /api/assessment/tests/:id/start': { 200: testSchema },

  'GET /api/admin/stacks': { 200: adminStackListSchema },
  'POST /api/admin/stacks': { 201: adminStackResponseSchema },
  'PUT /api/admin/stacks/:id': { 200: adminStackResponseSchema },
  'DELETE /api/admin/stacks/:id': { 200: messageResponseSchema },
  'GET /api/admin/stacks/:id/questions': { 200: adminQuestionListSchema },
  'POST /api/admin/stacks/:id/questions': { 201: adminQuestionResponseSchema },
  'PUT /api/admin/questions/:id': { 200: adminQuestionResponseSchema },
  'DELETE /api/admin/questions/:id': { 200: messageResponseSchema },

  'GET /api/mentor/details/:id': { 200: mentorProfileResponseSchema },
  'PUT /api/mentor': { 200: mentorUpdateResponseSchema },
  'GET /api/mentor/:skill': { 200: mentorListResponseSchema },
  'GET /api/mentors/availability/:mentorId': { 200: availabilitySchema },
  'PUT /api/mentors/availability': { 200: availabilityUpdateResponseSchema },
  'GET /api/mentors/availability/:mentorId/slots': { 200: slotsResponseSchema },
  'GET /api/mentors/booking-settings': { 200: bookingSettingsResponseSchema },
  'PUT /api/mentors/booking-settings': { 200: bookingSettingsResponseSchema },
  'GET /api/mentors/:mentorId/waitlist': { 200: waitlistResponseSchema },
  'POST /api/mentors/:mentorId/waitlist': { 200: waitlistResponseSchema, 201: waitlistResponseSchema },
  'DELETE /api/mentors/:mentorId/waitlist': { 200: waitlistResponseSchema },

  'POST /api/bookings': { 201: bookingResponseSchema },
  'GET /api/bookings/detail/:id': { 200: bookingResponseSchema },
  'GET /api/bookings/profile/:mentorId': { 200: bookingListResponseSchema },
  'GET /api/bookings/:mentorId': { 200: bookingListResponseSchema },
  // The iCalendar text, sent as text/calendar (a link the browser downloads, not a fetch of the web's).
  'GET /api/bookings/:id/calendar.ics': { 200: z.string() },
  // The mentee's receipt and credit note, sent as application/pdf (links the browser downloads).
  'GET /api/bookings/:id/receipt.pdf': { 200: z.string() },
  'GET /api/bookings/:id/credit-note.pdf': { 200: z.string() },
  'POST /api/bookings/:id/cancel': { 200: cancelBookingResponseSchema },
  'POST /api/bookings/:id/notes': { 200: bookingResponseSchema },
  'POST /api/bookings/:id/reschedule': { 200: bookingResponseSchema },
  'GET /api/bookings/:id/learning': { 200: bookingLearningResponseSchema },
  'POST /api/bookings/:id/recommendations': { 200: recommendationsResponseSchema },
  'GET /api/meet/:roomId': { 200: meetRoomSchema },
  'POST /api/payments/create': { 200: createPaymentResponseSchema },
  'POST /api/payments/webhook/:provider': { 200: webhookReceivedSchema },
  'POST /api/bookings/:id/review': { 201: reviewResponseSchema },
  'GET /api/mentors/:mentorId/reviews': { 200: mentorReviewsResponseSchema },
  'GET /api/earnings': { 200: earningsResponseSchema },
  'GET /api/earnings/payout-method': { 200: payoutMethodResponseSchema },
  'PUT /api/earnings/payout-method': { 200: payoutMethodResponseSchema },
  'POST /api/earnings/payouts': { 201: payoutResponseSchema },
  'GET /api/earnings/statement.csv': { 200: z.string() },
  'GET /api/admin/ledger/check': { 200: ledgerCheckResponseSchema },
  'GET /api/admin/payouts': { 200: adminPayoutsResponseSchema },
  'POST /api/admin/payouts/:id/retry': { 200: adminPayoutRetryResponseSchema },
} as const satisfies Record<string, Partial<Record<number, z.ZodType>>>;

export type ApiRoute = keyof typeof apiResponses;

/** A route's key for a request (`GET`, `/api/roadmap/r1`), matched as Fastify would: a fixed path before a parameter. */
export function apiRouteOf(method: string, path: string): ApiRoute | undefined {
  const parts = withoutTrailingSlash(path).split('/');
  let best: { route: ApiRoute; params: number } | undefined;
  for (const route of Object.keys(apiResponses) as ApiRoute[]) {
    const [routeMethod, routePath = ''] = route.split(' ');
    if (routeMethod !== method) continue;
    const routeParts = withoutTrailingSlash(routePath).split('/');
    if (
      routeParts.length !== parts.length ||
      !routeParts.every((part, index) => (part.startsWith(':') ? parts[index] !== '' : part === parts[index]))
    )
      continue;
    const params = routeParts.filter((part) => part.startsWith(':')).length;
    if (!best || params < best.params) best = { route, params };
  }
  return best?.route;
}

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/+$/, '$1');

/** The schema a reply of `status` to `route` must fit: the route's own on success, the error envelope otherwise. */
export function apiResponseSchema(route: ApiRoute, status: number): z.ZodType | undefined {
  if (status >= 400) return errorEnvelopeSchema;
  return (apiResponses[route] as Partial<Record<number, z.ZodType>>)[status];
}
