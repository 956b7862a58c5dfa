import { RESET_LINK_TTL_MINUTES } from '@skillroute/shared/auth';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { passwordResetMail } from '../../adapters/mail/templates';
import { jobType } from '../../jobs/queue';
import { sendMailJob } from '../mail/service';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { revokeAllSessions } from '../../sessions/repository';
import { hashToken, randomToken } from '../../lib/tokens';
import type { ServiceContext } from '../../context/service-context';
import { accountNotifications, authMessages } from './messages';
import {
  findResetToken,
  findUserByEmail,
  insertResetToken,
  retireResetTokens,
  updateUser,
  useResetToken,
} from './repository';

export const RESET_TOKEN_TTL_MS = RESET_LINK_TTL_MINUTES * 60 * 1000;

/** The link a reset mail carries: the SPA's page, with the token in the query. */
export function resetLink(publicUrl: string, token: string): string {
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The work behind a reset request, done by a worker so the request itself is the same for every e-mail. */
/** `locale`: the language of the request, for an account that never chose one. */
export const passwordResetRequestJob = jobType<{ email: string; locale?: Locale }>(
  'auth.password-reset-request',
);

/**
 * `POST /api/auth/forgot-password`: one answer for every e-mail (no enumeration), and the same work for every
 * e-mail too, so its timing tells nothing either: the request only queues the lookup; the worker decides.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  email: string,
  locale?: Locale,
): Promise<{ message: string }> {
  await ctx.unitOfWork((uow) =>
    uow.enqueue(passwordResetRequestJob, locale === undefined ? { email } : { email, locale }),
  );
  return { message: authMessages.resetLinkSent };
}

/**
 * The worker's half of a reset request: a link for an account that exists and is not blocked (a new
 * password would not let a blocked one in anyway), nothing for any other e-mail.
 */
export async function issuePasswordReset(ctx: ServiceContext, email: string, locale?: Locale): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user === undefined || user.blockedAt !== null) return;
  const token = randomToken();
  await ctx.unitOfWork(async (uow) => {
    await insertResetToken(uow.tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.clock.now().getTime() + RESET_TOKEN_TTL_MS),
    });
    await uow.enqueue(
      sendMailJob,
      passwordResetMail(
        user.email,
        user.name,
        resetLink(ctx.settings.publicUrl, token),
        RESET_LINK_TTL_MINUTES,
        user.locale ?? locale ?? 'en',
      ),
    );
  });
}

export async function registerPasswordResetWorker(ctx: ServiceContext): Promise<void> {
  await ctx.jobs.register(
    passwordResetRequestJob,
    ({ email, locale }) => issuePasswordReset(ctx, email, locale),
    {
      batchSize: 20,
    },
  );
}

function refuseToken(message: string): AppError {
  return new AppError('bad_request', message, [{ message, field: 'token' }]);
}

/**
 * `POST /api/auth/reset-password`: sets the password and ends every session of the account, in one
 * transaction. The link was mailed to the address, so it also proves the address: an account never
 * verified becomes verified.
 */
export async function resetPassword(
  ctx: ServiceContext,
  body: { token: string; password: string },
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(body.password);
  const tokenHash = hashToken(body.token);
  const now = ctx.clock.now();
  const changed = await ctx.unitOfWork(async ({ tx, notify, afterCommit }) => {
    const token = await useResetToken(tx, tokenHash, now);
    if (token === undefined) return false;
    const user = await updateUser(tx, token.userId, { passwordHash });
    const firstVerified = user.verifiedAt === null;
    if (firstVerified) await updateUser(tx, user.id, { verifiedAt: now });
    await retireResetTokens(tx, user.id, now);
    await revokeAllSessions(tx, { subject: 'user', userId: user.id }, now);
    // Every session ended, so every open tab's socket goes too (their next request gets 401 anyway).
    afterCommit(() => ctx.sockets.disconnectUser(user.id));
    if (firstVerified) await notify(user.id, accountNotifications.welcome(user.locale));
    return true;
  });
  if (changed) return { message: authMessages.passwordChanged };
  const known = await findResetToken(ctx.db, tokenHash);
  if (known === undefined) throw refuseToken(authMessages.resetInvalid);
  if (known.usedAt !== null) throw refuseToken(authMessages.resetUsed);
  throw refuseToken(authMessages.resetExpired);
}
