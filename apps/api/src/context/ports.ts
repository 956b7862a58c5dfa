import type { FeeRates } from '@skillroute/shared/earnings';
import type { IceServerConfig } from '@skillroute/shared/meet';
import type { MentorListResponse } from '@skillroute/shared/mentors';
import type { NotificationType } from '@skillroute/shared/notifications';
import type { Roadmap, RoadmapSummary } from '@skillroute/shared/roadmap-api';
import type { Executor } from '../db/client';
import type { CachedAnswer, SerializedBody } from '../lib/serialized-body';

// What services need from the parts of the app around them, written here and implemented elsewhere (the
// notifications module, the two caches, the realtime plugin), so context/ depends on no module.

/** What a service reports through; the request's pino logger fits, and so does the app's. */
export interface ServiceLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The time as services see it: the system's, or one a test moves (a hold that lapses, a reminder that fires). */
export interface Clock {
  now(): Date;
}

/** Something to tell a person: a row in their notifications, and a ring of their sockets. */
export interface NotificationInput {
  type: NotificationType;
  message: string;
  /** An in-app path such as "/profile/general"; none when the notification leads nowhere. */
  link?: string | null;
  /**
   * What makes it one of a kind (`booking:<id>:confirmed:<userId>`): written again with the same key (a job
   * that ran twice), it is not added again, and nobody is rung twice.
   */
  key?: string;
}

/** One notification for one person, as a unit of work collects it. */
export interface Notice {
  userId: string;
  input: NotificationInput;
}

/** Writes notifications in a caller's transaction and rings nothing until told (modules/notifications). */
export interface Notifier {
  /** Refuses what may not be written (a link that leaves the app) before the change goes on. */
  check(input: NotificationInput): void;
  /**
   * Writes the notices, each `check`ed when it was given, in one statement; answers what rings the people once the
   * transaction has committed, for each notice not written before under its key (nobody is rung twice).
   */
  record(executor: Executor, notices: readonly Notice[]): Promise<Array<() => void>>;
  /** Whether the person has a notification of this type already (a welcome is sent once). */
  hasOfType(executor: Executor, userId: string, type: NotificationInput['type']): Promise<boolean>;
}

/** Who reads a roadmap: a signed-in user, a signed-in admin, both (two cookies in one browser), or nobody. */
export interface Viewer {
  userId?: string;
  isAdmin?: boolean;
  /** A user cookie came but its session has lapsed: they may be the author, once the client refreshes. */
  sessionLapsed?: boolean;
}

/** Published roadmaps as readers get them; a change forgets its roadmap after the commit (modules/roadmaps). */
export interface RoadmapCache {
  readRoadmap(id: string, viewer: Viewer, load: () => Promise<Roadmap>): Promise<SerializedBody>;
  readPublishedList(load: () => Promise<RoadmapSummary[]>): Promise<SerializedBody>;
  forget(id: string): void;
}

/**
 * Pages of the mentor listing and mentors' free slots as sent (modules/mentors): a change to a profile drops them
 * all, a booking only those that show its people's time.
 */
export interface ListingCache {
  read(key: string, load: () => Promise<MentorListResponse>): Promise<SerializedBody>;
  readAnswer<T>(key: string, answer: CachedAnswer<T>, load: () => Promise<T>): Promise<SerializedBody>;
  readValue<T extends NonNullable<unknown>>(
    key: string,
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined>;
  forgetAll(): void;
  forgetTimeOf(change: TimeChange): void;
}

/**
 * A change of some people's booked time (a hold, a payment, a cancellation, a move, an expiry): who, and the
 * earliest start of the time it took or freed, in epoch milliseconds.
 */
export interface TimeChange {
  people: readonly string[];
  from: number;
}

/** What services may do to live sockets (plugins/realtime.ts). */
export interface Sockets {
  /** Drops every socket of a user (all sessions ended: a password reset, a block). */
  disconnectUser(userId: string): void;
  /** Drops the sockets of one sign-in (logout), by its session family id. */
  disconnectSession(sessionFamilyId: string): void;
  /** Tells every socket in a room of a namespace why it closes, then takes them all out of it. */
  closeRoom(namespace: string, room: string, event: string, payload: unknown): void;
}

/** The configuration services read, in one place (from config.ts at start-up). */
export interface ServiceSettings {
  /** PUBLIC_URL without a trailing slash: the origin of every link a mail carries. */
  readonly publicUrl: string;
  /** MAIL_FROM ("Skillroute <no-reply@…>"): the sender of mails and the organizer of calendar invites. */
  readonly mailFrom: string;
  /** JWT_SECRET: signs users' session tokens, mailed codes and password-reset links. */
  readonly jwtSecret: string;
  /** ADMIN_JWT_SECRET: signs admins' session tokens. */
  readonly adminJwtSecret: string;
  /** What meeting rooms hand out for ICE (ICE_SERVERS, TURN_SECRET, TURN_TTL_SECONDS). */
  readonly meet: {
    readonly iceServers: readonly IceServerConfig[];
    readonly turnSecret: string | undefined;
    readonly turnTtlSeconds: number;
  };
  /** How a session's price splits (PLATFORM_FEE_PERCENT, GST_PERCENT): the ledger's fee and GST on it. */
  readonly fees: FeeRates;
  /** The least a mentor's payout may be, in paise (PAYOUT_MINIMUM). */
  readonly payoutMinimum: number;
  /** The seller on receipts and credit notes (BUSINESS_NAME, BUSINESS_GSTIN, BUSINESS_ADDRESS). */
  readonly business: { readonly name: string; readonly gstin: string; readonly address: string };
}

/** The acting user of a request: a live session as the guards, the socket handshake and the routes see it. */
export interface LiveUserSession {
  id: string;
  email: string;
  role: 'user' | 'mentor';
  sessionId: string;
  /** The sign-in: the same across refreshes (a refresh makes a new row, not a new family). */
  familyId: string;
}

export interface LiveAdminSession {
  id: string;
  email: string;
  sessionId: string;
  familyId: string;
}
