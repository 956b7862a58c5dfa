import { t } from '@/lib/i18n';

/** "24 hours", "1 hour": a span of the test's rules, in the reader's language. */
export const hoursText = (count: number): string =>
  t('{count, plural, one {# hour} other {# hours}}', { count });
