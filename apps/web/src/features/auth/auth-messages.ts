import { accountBlockedMessage } from '@skillroute/shared/auth-constants';

/** A blocked person needs to know why signing in fails and what they can do about it. */
export const BLOCKED_MESSAGE = `${accountBlockedMessage} If you think this is a mistake, please contact support.`;
