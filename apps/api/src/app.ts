import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { MEET_NAMESPACE } from '@skillroute/shared/meet';
import type { Logger } from 'pino';
import { createFileStore } from './adapters/files/create-file-store';
import { serveUploads } from './adapters/files/serve-uploads';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import type { Config } from './config';
import type { ServiceSettings } from './context/ports';
import type { Clock } from './context/ports';
import { jobs } from './jobs/plugin';
import { createLogger } from './lib/logger';
import { requestIdFrom } from './lib/request-id';
import { validatorCompiler } from './lib/validation';
import { adminRoutes } from './modules/admin/routes';
import { adminConsoleRoutes } from './modules/admin-console/routes';
import { adminQuestionBankRoutes } from './modules/assessments/admin-routes';
import { assessmentRoutes } from './modules/assessments/routes';
import { registerPasswordResetWorker } from './modules/auth/password-reset';
import { authRoutes } from './modules/auth/routes';
import { availabilityRoutes } from './modules/availability/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { registerBookingWorkers } from './modules/bookings/jobs';
import { registerIdempotencyWorkers } from './modules/idempotency/jobs';
import { idempotency } from './modules/idempotency/plugin';
import { adminLedgerRoutes, adminPayoutRoutes } from './modules/ledger/admin-routes';
import { registerPayoutWorkers } from './modules/ledger/payout-jobs';
import { earningsRoutes } from './modules/ledger/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { meetRoutes } from './modules/meet/routes';
import { registerMeetSignalling } from './modules/meet/signalling';
import { paymentRoutes } from './modules/payments/routes';
import { configRoutes } from './modules/config/routes';
import { healthRoutes } from './modules/health/routes';
import { mentorRoutes } from './modules/mentors/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { adminRoadmapRoutes } from './modules/roadmaps/admin-routes';
import { mentorListingCache } from './modules/mentors/listing-cache';
import { roadmapReadCache } from './modules/roadmaps/graph-cache';
import { roadmapRoutes } from './modules/roadmaps/routes';
import { topicNoteRoutes } from './modules/topic-notes/routes';
import { createPaymentProvider } from './adapters/payments/create-payment-provider';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { deriveSandboxWebhookSecret } from './adapters/payments/sandbox';
import { reviewRoutes } from './modules/reviews/routes';
import { registerMailWorker } from './modules/mail/service';
import { createNotifications } from './modules/notifications/service';
import { userRoutes } from './modules/users/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { learningBookingRoutes, learningRoadmapRoutes, learningUserRoutes } from './modules/learning/routes';
import { AnswerReplay, answerReplay, serverAskingReplay } from './plugins/answer-replay';
import { apiDocs } from './plugins/api-docs';
import { auth } from './plugins/auth';
import { clock } from './plugins/clock';
import { database } from './plugins/database';
import { jsonBody } from './plugins/json-body';
import { errorEnvelope, sendFrameworkError } from './plugins/error-envelope';
import { jsonCompression } from './plugins/json-compression';
import { lifecycle } from './plugins/lifecycle';
import { allowedOrigins, originCheck } from './plugins/origin-check';
import { rateLimits } from './plugins/rate-limit';
import { realtime } from './plugins/realtime';
import { privateByDefault } from './plugins/private-by-default';
import { services } from './plugins/services';
import { securityHeaders } from './plugins/security-headers';
import { staticSpa } from './plugins/static-spa';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Large enough for any JSON form of the product; uploads get their own limit on their own route. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const defaultWebDistDir = path.resolve(import.meta.dirname, '../../web/dist');

export interface AppDeps {
  /** Where the app's pool connects (the embedded server's URL, DATABASE_URL, or a test database). */
  databaseUrl: string;
  /** Shared rate-limit counters across replicas; the caller creates and closes it. */
  redis?: Redis;
  /** Defaults to a logger built from the config; tests pass one that writes where they can read it. */
  logger?: Logger;
  /** The built SPA; defaults to apps/web/dist. */
  webDistDir?: string;
  /** The rate-limit counters' key prefix; defaults to REDIS_KEY_PREFIX's (tests use one of their own). */
  rateLimitNamespace?: string;
  /** Extra route plugins registered beside the modules (tests add probe routes here). */
  extraRoutes?: FastifyPluginAsyncZod[];
  /** Defaults to SMTP (SMTP_URL) or the dev outbox; tests may pass one that records or fails. */
  mailer?: Mailer;
  /** The time the services go by; tests pass one they can move. */
  clock?: Clock;
  /** The job queue's pace; tests poll faster, retry sooner and give refunds up sooner than production. */
  jobs?: {
    pollingIntervalSeconds?: number;
    retryDelaySeconds?: number;
    refundRetryLimit?: number;
    /** Whether to schedule the minute's sweeps, of no-shows and lapsed holds (on unless false: tests run them on their own clock). */
    sweeps?: boolean;
  };
  /** The Redis stream the socket.io replicas share (with REDIS_URL); defaults to REDIS_KEY_PREFIX's (tests use one of their own). */
  socketStreamName?: string;
  /** Defaults to the one PAYMENT_PROVIDER names; tests pass a real adapter pointed at a local fake of the vendor's API. */
  paymentProvider?: PaymentProvider;
}

// Scripts and frames of the third parties the product embeds: Google sign-in, Stripe and Razorpay checkout.
const GOOGLE = 'https://accounts.google.com';
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", `${GOOGLE}/gsi/client`, 'https://js.stripe.com', 'https://checkout.razorpay.com'],
    // Radix primitives and React Flow set inline styles.
    styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE}/gsi/style`],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: [
      "'self'",
      'ws:',
      'wss:',
      GOOGLE,
      'https://api.stripe.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
    ],
    frameSrc: [
      "'self'",
      GOOGLE,
      'https://js.stripe.com',
      'https://hooks.stripe.com',
      'https://api.razorpay.com',
      'https://checkout.razorpay.com',
    ],
  },
};

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** The part of the configuration services read, as the service context carries it (`ctx.settings`). */
function settingsOf(config: Config): ServiceSettings {
  return {
    publicUrl: config.publicUrl,
    mailFrom: config.mail.from,
    jwtSecret: config.jwtSecret,
    adminJwtSecret: config.adminJwtSecret,
    meet: {
      iceServers: config.iceServers,
      turnSecret: config.turnSecret,
      turnTtlSeconds: config.turnTtlSeconds,
    },
    fees: config.fees,
    payoutMinimum: config.payoutMinimum,
    business: config.business,
  };
}

/**
 * The composition root: every plugin and route in the load order of fastify/demo (external plugins,
 * app plugins, routes, then the SPA). The process entry and the tests both build the app here.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  // Made before the server, which asks it first; filled by the routes that opt in (answerReplay below).
  const replay = new AnswerReplay();
  const app = Fastify({
    serverFactory: serverAskingReplay(replay),
    loggerInstance: (deps.logger ?? createLogger(config)) as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    // A request still running when the process is told to stop gets up to this long to finish.
    pluginTimeout: 30_000,
    // The router's own refusals (414, a bad percent-encoding) in the envelope too.
    frameworkErrors: sendFrameworkError,
    // A request that reaches a closing server on a connection it accepted earlier is still served: the pool
    // outlives the server, and a 503 there would fail a write a balancer may not retry (a POST).
    return503OnClosing: false,
    // Behind a load balancer the client is the address it forwards (TRUST_PROXY), for rate limits and sessions.
    // A hop count trusts that many proxies nearest the process, whatever their address (proxy-addr's rule).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  // HSTS only makes sense (and is only honoured) when the public address is HTTPS.
  await app.register(securityHeaders, {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(lifecycle);
  await app.register(privateByDefault);
  await app.register(cookie);
  await app.register(jsonBody);
  await app.register(jsonCompression);
  await app.register(answerReplay, { replay });
  await app.register(rateLimits, {
    max: config.rateLimitMax,
    redis: deps.redis,
    namespace: deps.rateLimitNamespace ?? `${config.redisKeyPrefix}-rate-limit:`,
  });
  await app.register(apiDocs, { publicUrl: config.publicUrl });

  // App plugins.
  await app.register(errorEnvelope);
  const originRule = { publicUrl: config.publicUrl, port: config.port, nodeEnv: config.nodeEnv };
  await app.register(originCheck, originRule);
  await app.register(clock, { clock: deps.clock });
  await app.register(database, { connectionString: deps.databaseUrl });
  await app.register(auth, { jwtSecret: config.jwtSecret, adminJwtSecret: config.adminJwtSecret });
  await app.register(jobs, {
    connectionString: deps.databaseUrl,
    pollingIntervalSeconds: deps.jobs?.pollingIntervalSeconds ?? 2,
    retryDelaySeconds: deps.jobs?.retryDelaySeconds ?? 30,
  });
  await app.register(realtime, {
    jwtSecret: config.jwtSecret,
    allowedOrigins: allowedOrigins(originRule),
    allowCrossOrigin: config.nodeEnv === 'development',
    redis:
      config.redisUrl === undefined
        ? undefined
        : { url: config.redisUrl, streamName: deps.socketStreamName ?? `${config.redisKeyPrefix}:socket.io` },
  });
  // The one way any module notifies a person: `uow.notify(userId, {type, message, link})` in a unit of work.
  app.decorate('notifications', createNotifications(app.realtime, app.log));
  await app.register(roadmapReadCache, { connectionString: deps.databaseUrl });
  await app.register(mentorListingCache, { connectionString: deps.databaseUrl });
  await app.register(services, {
    payments: deps.paymentProvider ?? createPaymentProvider(config),
    files: createFileStore(config.files),
    settings: settingsOf(config),
  });

  // Job workers, each registered by its own module.
  const mailer =
    deps.mailer ??
    createMailer(
      { smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir },
      app.log as Logger,
    );
  app.addHook('onClose', async () => mailer.close());
  await registerMailWorker(app.services, mailer);
  await registerBookingWorkers(app.services, {
    refundRetryLimit: deps.jobs?.refundRetryLimit,
    sweeps: deps.jobs?.sweeps,
  });
  await registerPasswordResetWorker(app.services);
  await registerIdempotencyWorkers(app.services);
  await registerPayoutWorkers(app.services);
  // The meeting rooms' signalling: a namespace the realtime plugin authenticates, whose events need the services.
  registerMeetSignalling(app.realtime.authenticatedNamespace(MEET_NAMESPACE), app.services);

  // Before the routes: it adds its hooks to those marked `idempotent` as they are declared.
  await app.register(idempotency);

  // Routes: one encapsulated plugin per module, under /api.
  await app.register(healthRoutes, {
    prefix: '/api/health',
    writableFolders: [config.dataDir, ...(config.files.storage === 'disk' ? [config.files.uploadsDir] : [])],
  });
  await app.register(configRoutes, { prefix: '/api/config', config });
  await app.register(authRoutes, { prefix: '/api/auth', config });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(notificationRoutes, { prefix: '/api/user/notifications' });
  await app.register(adminRoutes, { prefix: '/api/admin', config });
  await app.register(adminConsoleRoutes, { prefix: '/api/admin' });
  await app.register(roadmapRoutes, { prefix: '/api/roadmap' });
  await app.register(topicNoteRoutes, { prefix: '/api/roadmap' });
  await app.register(adminRoadmapRoutes, { prefix: '/api/admin/roadmap' });
  await app.register(assessmentRoutes, { prefix: '/api/assessment' });
  await app.register(adminQuestionBankRoutes, { prefix: '/api/admin' });
  await app.register(mentorRoutes, { prefix: '/api/mentor' });
  await app.register(availabilityRoutes, { prefix: '/api/mentors' });
  await app.register(waitlistRoutes, { prefix: '/api/mentors' });
  await app.register(bookingRoutes, { prefix: '/api/bookings' });
  await app.register(receiptRoutes, { prefix: '/api/bookings' });
  await app.register(learningBookingRoutes, { prefix: '/api/bookings' });
  await app.register(learningRoadmapRoutes, { prefix: '/api/roadmap' });
  await app.register(learningUserRoutes, { prefix: '/api/user' });
  await app.register(paymentRoutes, {
    prefix: '/api/payments',
    sandboxWebhookSecret: deriveSandboxWebhookSecret(config.jwtSecret),
  });
  await app.register(meetRoutes, { prefix: '/api/meet' });
  // Its paths sit under /api/bookings and /api/mentors: a review is written on a booking and read on a mentor.
  await app.register(reviewRoutes, { prefix: '/api' });
  await app.register(earningsRoutes, { prefix: '/api/earnings' });
  await app.register(adminLedgerRoutes, { prefix: '/api/admin/ledger' });
  await app.register(adminPayoutRoutes, { prefix: '/api/admin/payouts' });
  // Uploaded files on disk are served by the api itself; an S3 bucket serves its own.
  if (config.files.storage === 'disk')
    await app.register(serveUploads, { uploadsDir: config.files.uploadsDir });
  for (const routes of deps.extraRoutes ?? []) await app.register(routes);

  // The SPA last, so its catch-all never shadows an API route.
  await app.register(staticSpa, { distDir: deps.webDistDir ?? defaultWebDistDir });

  return app;
}
