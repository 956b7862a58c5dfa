import { accountBlockedMessage, OTP_LENGTH, RESET_LINK_TTL_MINUTES } from '@skillroute/shared/auth';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { msg } from '@skillroute/shared/i18n/msg';
import type { NotificationInput } from '../../context/ports';
import { translatorFor } from '../../lib/i18n';

/** What the accounts API says. The spec does not show these texts (§7), so they are ours. */
export const authMessages = {
  codeSent: (email: string) =>
    msg('We sent a {length}-digit code to {email}. Enter it to finish signing up.', {
      length: OTP_LENGTH,
      email,
    }),
  codeResent: msg('If this e-mail is waiting for verification, a new code is on its way.'),
  emailTaken: msg('An account with this e-mail already exists. Please sign in.'),
  alreadyVerified: msg('This e-mail is already verified. Please sign in.'),
  unverified: (email: string) =>
    msg('Please verify your e-mail first: we sent a code to {email}.', { email }),
  blocked: accountBlockedMessage,
  codeTooSoon: (seconds: number) =>
    msg('Please wait {seconds} seconds before asking for a new code.', { seconds }),
  resetLinkSent: msg(
    'If an account exists for this e-mail, we sent a link to reset the password. It is valid for {minutes} minutes.',
    { minutes: RESET_LINK_TTL_MINUTES },
  ),
  resetInvalid: msg('This reset link is not valid. Please ask for a new one.'),
  resetUsed: msg('This reset link was already used. Please ask for a new one.'),
  resetExpired: msg('This reset link has expired. Please ask for a new one.'),
  passwordChanged: msg('Your password has been changed. Please sign in with the new password.'),
} as const;

/**
 * The notifications the accounts module sends (DESIGN.md §4 "Notifications"), in the language of the account
 * (null: never chosen, English).
 */
export const accountNotifications = {
  welcome(locale: Locale | null | undefined): NotificationInput {
    const { t } = translatorFor(locale);
    return {
      type: 'welcome',
      message: t('Welcome to Skillroute! Pick a roadmap to start learning.'),
      link: '/',
    };
  },
  newSignIn(locale: Locale | null | undefined): NotificationInput {
    const { t } = translatorFor(locale);
    return { type: 'security', message: t('New sign-in to your account'), link: '/profile/general' };
  },
};
