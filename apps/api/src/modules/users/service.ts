import type { Executor } from '../../db/client';
import { randomUUID } from 'node:crypto';
import {
  accountBlockedMessage,
  authReasons,
  avatarMessages,
  googleSignInMessages,
  profileMessages,
  type SessionUser,
} from '@skillroute/shared/auth';
import { errorMessages } from '@skillroute/shared/errors';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { readerZone } from '@skillroute/shared/time-zones';
import { FileStoreUnavailableError, type FileStore } from '../../adapters/files/file-store';
import {
  GoogleTokenError,
  verifyGoogleIdToken,
  type GoogleVerifierOptions,
} from '../../adapters/google/verify-id-token';
import type { ServiceLogger } from '../../context/ports';
import type { ServiceContext, UserContext } from '../../context/service-context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { AVATAR_CONTENT_TYPE, processAvatar } from './avatar';
import { displayNameFromGoogle } from './display-name';
import * as repository from './repository';
import { msg } from '@skillroute/shared/i18n/msg';

const userGone = () => new AppError('not_found', msg('This account no longer exists.'));

/** Every user route acts on the signed-in user only: another id is refused whatever else the request says. */
export function assertOwnAccount(actorId: string, userId: string): void {
  if (actorId !== userId) throw new AppError('forbidden', errorMessages.forbidden);
}

/** `GET /api/user/:id`: the signed-in user's own account. */
export async function getOwnUser(ctx: UserContext, userId: string): Promise<SessionUser> {
  assertOwnAccount(ctx.user.id, userId);
  const user = await repository.findPublicUser(ctx.db, ctx.user.id);
  if (user === undefined) throw userGone();
  return user;
}

/**
 * The language a person reads what is written to them in (mails, notifications): their account's, English while
 * they never chose one. `db` may be the unit of work's transaction.
 */
export async function localeOfUser(db: Executor, userId: string): Promise<Locale> {
  return (await repository.findPublicUser(db, userId))?.locale ?? 'en';
}

/** The zone a person reads times in (DESIGN.md §4b): their own, else India's. */
export async function timezoneOfUser(ctx: Pick<ServiceContext, 'db'>, userId: string): Promise<string> {
  return (await repository.findPublicUser(ctx.db, userId))?.timezone ?? readerZone(null);
}

export type ProfileChange =
  | { name: string; avatar?: undefined; timezone?: undefined; locale?: undefined }
  | { avatar: Buffer; name?: undefined; timezone?: undefined; locale?: undefined }
  | { timezone: string; name?: undefined; avatar?: undefined; locale?: undefined }
  | { locale: Locale; name?: undefined; avatar?: undefined; timezone?: undefined };

/**
 * `PUT /api/user/update`: one change, a new name (already checked against the name rule), a zone, a language or a
 * new avatar.
 * The avatar is stored before the row points at it and the replaced file is removed only after the row
 * stopped pointing at it, so the account never names a missing file.
 */
export async function updateProfile(
  ctx: UserContext,
  change: ProfileChange,
): Promise<{ user: SessionUser; message: string }> {
  const { db, log, files } = ctx;
  const actorId = ctx.user.id;
  if (change.name !== undefined) {
    const user = await repository.renameUser(db, actorId, change.name);
    if (user === undefined) throw userGone();
    return { user, message: profileMessages.updated };
  }
  if (change.timezone !== undefined) {
    const user = await repository.chooseTimezone(db, actorId, change.timezone);
    if (user === undefined) throw userGone();
    return { user, message: profileMessages.updated };
  }
  if (change.locale !== undefined) {
    const user = await repository.chooseLocale(db, actorId, change.locale);
    if (user === undefined) throw userGone();
    return { user, message: profileMessages.updated };
  }

  const image = await processAvatar(change.avatar);
  // A new key for every upload: stored files are cached as immutable, so a key never gets new content.
  const key = `avatars/${actorId}/${randomUUID()}.webp`;
  const { url } = await files.put(key, image, AVATAR_CONTENT_TYPE).catch((error: unknown) => {
    if (!(error instanceof FileStoreUnavailableError)) throw error;
    log.error({ err: error, key }, 'the file store cannot take an avatar');
    throw new AppError('service_unavailable', avatarMessages.storageUnavailable);
  });
  let replaced;
  try {
    replaced = await repository.replaceAvatar(db, actorId, url);
  } catch (error) {
    await removeQuietly(files, key, log);
    throw error;
  }
  if (replaced === undefined) {
    await removeQuietly(files, key, log);
    throw userGone();
  }
  const previousKey = replaced.previous === null ? undefined : files.keyFromUrl(replaced.previous);
  if (previousKey !== undefined) await removeQuietly(files, previousKey, log);
  return { user: replaced.user, message: profileMessages.updated };
}

/** Leftover files cost only space; failing to remove one must not fail a change that was saved. */
async function removeQuietly(files: FileStore, key: string, log: ServiceLogger): Promise<void> {
  try {
    await files.remove(key);
  } catch (error) {
    log.warn({ err: error, key }, 'could not remove a stored file that is no longer used');
  }
}

function refusalOf(error: GoogleTokenError): AppError {
  switch (error.problem) {
    case 'keys_unavailable':
      return new AppError('service_unavailable', googleSignInMessages.unavailable);
    case 'email_unverified':
      return new AppError('unauthorized', googleSignInMessages.emailUnverified);
    default:
      return new AppError('unauthorized', googleSignInMessages.failed);
  }
}

function assertNotBlocked(user: UserRow): void {
  if (user.blockedAt !== null)
    throw new AppError('forbidden', accountBlockedMessage, undefined, { reason: authReasons.blocked });
}

const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  avatar: row.avatar,
  timezone: readerZone(row.timezone),
  ...(row.locale !== null && { locale: row.locale }),
});

/**
 * `POST /api/auth/google-login`: verifies the credential, then finds the account by its Google id, else
 * by e-mail (and links it), else creates it. Returns the user to open a session for; refuses a blocked one.
 * `google` is the configuration (undefined when GOOGLE_CLIENT_ID is not set).
 */
export async function signInWithGoogle(
  ctx: ServiceContext,
  input: {
    google: GoogleVerifierOptions | undefined;
    credential: string;
    /** The language an account this sign-in creates is made in (the page's); an existing one keeps its own. */
    locale?: Locale | undefined;
  },
): Promise<SessionUser> {
  const { google, credential, locale } = input;
  const { db, log } = ctx;
  if (google === undefined) throw new AppError('not_found', googleSignInMessages.notConfigured);
  let identity;
  try {
    identity = await verifyGoogleIdToken(credential, google);
  } catch (error) {
    if (!(error instanceof GoogleTokenError)) throw error;
    log.warn({ problem: error.problem, detail: error.detail }, 'Google sign-in refused');
    throw refusalOf(error);
  }

  const bySub = await repository.findUserByGoogleSub(db, identity.sub);
  if (bySub !== undefined) {
    assertNotBlocked(bySub);
    return toSessionUser(bySub);
  }

  const byEmail = await repository.findUserByEmail(db, identity.email);
  if (byEmail !== undefined) {
    assertNotBlocked(byEmail);
    // The e-mail's account already belongs to a different Google account (Google ids never change).
    if (byEmail.googleSub !== null) throw new AppError('conflict', googleSignInMessages.linkedToAnother);
    const linked = await repository.linkGoogleAccount(db, byEmail.id, identity.sub, ctx.clock.now());
    if (linked === undefined) throw userGone();
    return toSessionUser(linked);
  }

  const created = await repository.insertGoogleUser(db, {
    name: displayNameFromGoogle(identity),
    email: identity.email,
    googleSub: identity.sub,
    now: ctx.clock.now(),
    locale,
  });
  if (created !== undefined) return toSessionUser(created);
  // A second sign-in of the same person created the account a moment ago: use that one.
  const raced =
    (await repository.findUserByGoogleSub(db, identity.sub)) ??
    (await repository.findUserByEmail(db, identity.email));
  if (raced === undefined) throw new AppError('conflict', googleSignInMessages.failed);
  assertNotBlocked(raced);
  return toSessionUser(raced);
}
