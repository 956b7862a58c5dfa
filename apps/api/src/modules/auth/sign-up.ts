import { OTP_TTL_MINUTES } from '@skillroute/shared/auth';
import { authReasons, type SessionUser, type SignupBody } from '@skillroute/shared/auth';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { verificationCodeMail } from '../../adapters/mail/templates';
import type { UserRow } from '../../db/schema';
import { checkCode, CODE_TTL_MS, generateCode, hashCode } from '../../lib/codes';
import { AppError } from '../../lib/errors';
import { newAccountLocale } from '../../lib/i18n';
import { hashPassword } from '../../lib/passwords';
import { openSession, type SessionTokens } from '../../sessions/service';
import { sendMailJob } from '../mail/service';
import { within, type ServiceContext, type WorkContext } from '../../context/service-context';
import type { ClientInfo } from '../../sessions/repository';
import { accountNotifications, authMessages } from './messages';
import { codeRequestWaitSeconds } from './rate-limits';
import {
  consumeCode,
  insertCode,
  insertOrLockUser,
  lockUserByEmail,
  newestCode,
  recordCodeAttempt,
  toSessionUser,
  updateUser,
} from './repository';

/**
 * Mails a new code unless one went out less than a minute ago (the earlier one is still valid then).
 * Returns the seconds to wait, 0 when a code was queued. The mail is queued in the caller's transaction.
 */
export async function issueCodeIfDue(
  ctx: Pick<WorkContext, 'uow' | 'settings' | 'clock'>,
  input: {
    user: Pick<UserRow, 'id' | 'name' | 'email'> & { locale?: Locale | null };
    locale?: Locale | undefined;
  },
): Promise<number> {
  const { uow } = ctx;
  const { user } = input;
  // The code in the language the person uses: their account's, else the one of the request that asked for it.
  const locale = user.locale ?? input.locale ?? 'en';
  const now = ctx.clock.now();
  const wait = codeRequestWaitSeconds((await newestCode(uow.tx, user.id))?.createdAt, now);
  if (wait > 0) return wait;
  const code = generateCode();
  await insertCode(uow.tx, {
    userId: user.id,
    codeHash: hashCode(code, ctx.settings.jwtSecret),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  await uow.enqueue(sendMailJob, verificationCodeMail(user.email, user.name, code, OTP_TTL_MINUTES, locale));
  return 0;
}

/** `POST /api/auth/`: a new account, or new details and a code for one that was never verified. */
export async function signUp(
  ctx: ServiceContext,
  body: SignupBody,
  requestLocale?: Locale,
): Promise<{ message: string; email: string }> {
  const passwordHash = await hashPassword(body.password);
  return ctx.unitOfWork(async (uow) => {
    const { user, created } = await insertOrLockUser(uow.tx, {
      name: body.name,
      email: body.email,
      passwordHash,
      timezone: body.timezone,
      locale: newAccountLocale(body.locale, requestLocale),
    });
    if (!created) {
      if (user.verifiedAt !== null)
        throw new AppError('conflict', authMessages.emailTaken, [
          { message: authMessages.emailTaken, field: 'email' },
        ]);
      // Nobody chose a zone for an account never verified: the newest browser's is the one to keep. A language
      // sent is the person's latest choice.
      await updateUser(uow.tx, user.id, {
        name: body.name,
        passwordHash,
        ...(body.timezone === undefined ? {} : { timezone: body.timezone }),
        ...(body.locale === undefined ? {} : { locale: body.locale }),
      });
    }
    // The language chosen with the sign-up, else the account's (an earlier sign-up's), else the request's.
    const locale = body.locale ?? user.locale ?? requestLocale;
    await issueCodeIfDue(within(ctx, uow), {
      user: { id: user.id, name: body.name, email: user.email },
      locale,
    });
    return { message: authMessages.codeSent(user.email), email: user.email };
  });
}

/** `POST /api/auth/resent-otp`: the same answer whether or not the e-mail waits for a code. */
export async function resendCode(
  ctx: ServiceContext,
  email: string,
  requestLocale?: Locale,
): Promise<{ message: string }> {
  await ctx.unitOfWork(async (uow) => {
    const user = await lockUserByEmail(uow.tx, email);
    if (user === undefined || user.verifiedAt !== null || user.blockedAt !== null) return;
    const wait = await issueCodeIfDue(within(ctx, uow), { user, locale: requestLocale });
    if (wait > 0)
      throw new AppError('too_many_requests', authMessages.codeTooSoon(wait), undefined, {
        retryAfterSeconds: wait,
      });
  });
  return { message: authMessages.codeResent };
}

type CodeOutcome = { ok: true; user: SessionUser; tokens: SessionTokens } | { ok: false; error: AppError };

/**
 * `POST /api/auth/verify-otp`: the newest code of the account decides. A wrong try is counted in the row
 * and committed before the refusal, so five wrong tries burn the code whatever the client does.
 */
export async function verifyCode(
  ctx: ServiceContext,
  input: {
    body: { email: string; otp: string; timezone?: string | undefined; locale?: Locale | undefined };
    client: ClientInfo;
    /** The request's language: the welcome's, for an account that never chose one. */
    requestLocale?: Locale;
  },
): Promise<{ user: SessionUser; tokens: SessionTokens }> {
  const { body, client } = input;
  const now = ctx.clock.now();
  const outcome = await ctx.unitOfWork<CodeOutcome>(async ({ tx, notify }) => {
    const user = await lockUserByEmail(tx, body.email);
    const refuse = (message: string): CodeOutcome => ({
      ok: false,
      error: new AppError('bad_request', message, [{ message, field: 'otp' }]),
    });
    if (user !== undefined && user.verifiedAt !== null) return refuse(authMessages.alreadyVerified);
    const code = user === undefined ? undefined : await newestCode(tx, user.id);
    const check = checkCode(code, body.otp, ctx.settings.jwtSecret, now);
    if (check.outcome === 'wrong' && code !== undefined) await recordCodeAttempt(tx, code.id, check.attempts);
    if (check.outcome !== 'accepted' || user === undefined || code === undefined)
      return refuse(check.outcome === 'accepted' ? authMessages.alreadyVerified : check.message);
    if (user.blockedAt !== null)
      return {
        ok: false,
        error: new AppError('forbidden', authMessages.blocked, undefined, { reason: authReasons.blocked }),
      };
    await consumeCode(tx, code.id, now);
    const verified = await updateUser(tx, user.id, {
      verifiedAt: now,
      ...(body.timezone === undefined || user.timezoneChosen ? {} : { timezone: body.timezone }),
      ...(body.locale === undefined ? {} : { locale: body.locale }),
    });
    const tokens = await openSession(
      tx,
      ctx.settings.jwtSecret,
      { sub: verified.id, email: verified.email, role: verified.role },
      client,
      now,
    );
    await notify(verified.id, accountNotifications.welcome(verified.locale ?? input.requestLocale));
    return { ok: true, user: toSessionUser(verified), tokens };
  });
  if (!outcome.ok) throw outcome.error;
  return { user: outcome.user, tokens: outcome.tokens };
}
