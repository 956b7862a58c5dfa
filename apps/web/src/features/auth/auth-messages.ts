import { accountBlockedMessage } from '@skillroute/shared/auth-constants';
import { t, translate } from '@/lib/i18n';

/** A blocked person needs to know why signing in fails and what they can do about it. */
export function blockedMessage(): string {
  return t('{blocked} If you think this is a mistake, please contact support.', {
    blocked: translate(accountBlockedMessage),
  });
}

/** What `blockedMessage` says in English. */
export const BLOCKED_MESSAGE = `${accountBlockedMessage} If you think this is a mistake, please contact support.`;
