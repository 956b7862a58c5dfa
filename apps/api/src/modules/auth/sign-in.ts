import { authReasons, type LoginBody, type SessionUser } from '@skillroute/shared/auth';
import { errorMessages } from '@skillroute/shared/errors';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { AppError } from '../../lib/errors';
import { newAccountLocale } from '../../lib/i18n';
import { hasLiveSession } from '../../sessions/repository';
import { checkCredentials, openSession, refreshSession, type SessionTokens } from '../../sessions/service';
import { within, type ServiceContext } from '../../context/service-context';
import type { ClientInfo } from '../../sessions/repository';
import { accountNotifications, authMessages } from './messages';
import { signInWithGoogle } from '../users/service';
import {
  findUserByEmail,
  findUserById,
  keepBrowserTimezone,
  lockUserByEmail,
  toSessionUser,
  updateUser,
} from './repository';
import { issueCodeIfDue } from './sign-up';

export interface SignedIn {
  user: SessionUser;
  tokens: SessionTokens;
}

/**
 * `POST /api/auth/login`. The password is checked as an admin's is (`checkCredentials`: one answer for a
 * wrong e-mail and a wrong password); blocked and unverified are only told to someone who knows the password.
 */
export async function logIn(
  ctx: ServiceContext,
  input: { body: LoginBody; client: ClientInfo; requestLocale?: Locale },
): Promise<SignedIn> {
  const { body, client } = input;
  const user = await checkCredentials(await findUserByEmail(ctx.db, body.email), body.password);
  if (user.blockedAt !== null)
    throw new AppError('forbidden', authMessages.blocked, undefined, { reason: authReasons.blocked });
  if (user.verifiedAt === null) {
    await ctx.unitOfWork(async (uow) => {
      const locked = await lockUserByEmail(uow.tx, user.email);
      // The code in the account's language, else the one chosen in this browser.
      if (locked !== undefined)
        await issueCodeIfDue(within(ctx, uow), {
          user: locked,
          locale: body.locale ?? input.requestLocale,
        });
    });
    throw new AppError('forbidden', authMessages.unverified(user.email), undefined, {
      reason: authReasons.unverified,
    });
  }
  const { tokens, user: signedIn } = await openSessionAndTellOthers(ctx, toSessionUser(user), client, {
    welcome: false,
    timezone: body.timezone,
    locale: body.locale,
  });
  return { user: signedIn, tokens };
}

/**
 * Opens a session; when the account was already signed in somewhere, its other tabs and devices get a
 * "new sign-in" notification, so a person notices a sign-in that was not theirs. With `welcome`, an account
 * never welcomed is welcomed (Google verifies an e-mail without our code step). Notifications are written
 * with the session and announced once all is committed. The browser's `timezone` is kept unless the person
 * chose one (DESIGN.md §4b); its `locale`, sent only when the person chose it there, becomes the account's. The
 * user is returned as they are after that.
 */
async function openSessionAndTellOthers(
  ctx: ServiceContext,
  user: SessionUser,
  client: ClientInfo,
  options: {
    welcome: boolean;
    timezone?: string | undefined;
    locale?: Locale | undefined;
    /** The request's language: the welcome's, for an account that never chose one. */
    requestLocale?: Locale | undefined;
  },
): Promise<SignedIn> {
  const now = ctx.clock.now();
  return ctx.unitOfWork(async ({ tx, notify, notifyOnce }) => {
    const zoned =
      options.timezone === undefined ? undefined : await keepBrowserTimezone(tx, user.id, options.timezone);
    const spoken =
      options.locale === undefined || options.locale === user.locale
        ? undefined
        : await updateUser(tx, user.id, { locale: options.locale });
    const changed = spoken ?? zoned;
    const signedInElsewhere = await hasLiveSession(tx, user.id, now);
    const opened = await openSession(
      tx,
      ctx.settings.jwtSecret,
      { sub: user.id, email: user.email, role: user.role },
      client,
      now,
    );
    const locale = spoken?.locale ?? user.locale;
    if (options.welcome)
      await notifyOnce(user.id, accountNotifications.welcome(locale ?? options.requestLocale));
    if (signedInElsewhere) await notify(user.id, accountNotifications.newSignIn(locale));
    return { tokens: opened, user: changed === undefined ? user : toSessionUser(changed) };
  });
}

/**
 * `POST /api/auth/google-login`: the users module checks the Google ID token and finds, links or creates
 * the account (refusing a blocked one); this opens the session for it.
 */
export async function logInWithGoogle(
  ctx: ServiceContext,
  input: Parameters<typeof signInWithGoogle>[1] & {
    client: ClientInfo;
    timezone?: string | undefined;
    locale?: Locale | undefined;
    requestLocale?: Locale | undefined;
  },
): Promise<SignedIn> {
  const { client, timezone, locale, requestLocale, ...google } = input;
  const user = await signInWithGoogle(ctx, { ...google, locale: newAccountLocale(locale, requestLocale) });
  return openSessionAndTellOthers(ctx, user, client, { welcome: true, timezone, locale, requestLocale });
}

/** `POST /api/auth/refreshToken`: a rotated pair for a live, unblocked account; 401 otherwise. */
export async function refreshUserSession(
  ctx: ServiceContext,
  input: { refreshToken: string | undefined; client: ClientInfo },
): Promise<SignedIn> {
  const { refreshToken, client } = input;
  const { owner: user, tokens } = await refreshSession(ctx, {
    audience: 'user',
    refreshToken,
    client,
    ownerOf: async (row) => {
      const user = row.userId === null ? undefined : await findUserById(ctx.db, row.userId);
      if (user === undefined || user.blockedAt !== null) return undefined;
      return { owner: user, claims: { sub: user.id, email: user.email, role: user.role } };
    },
  });
  return { user: toSessionUser(user), tokens };
}

/** `GET /api/auth/session`: the signed-in user as the SPA shows it. */
export async function currentUser(ctx: ServiceContext, userId: string): Promise<SessionUser> {
  const user = await findUserById(ctx.db, userId);
  if (user === undefined) throw new AppError('unauthorized', errorMessages.unauthorized);
  return toSessionUser(user);
}
