import { currentLocale, intlLocale, t } from '@/lib/i18n';

/** The tag the admin pages write dates with: English as it always was, another language its own way. */
export const adminDateLocale = (): string => (currentLocale() === 'en' ? 'en-GB' : intlLocale());

const dateOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};
const dateTimeOptions: Intl.DateTimeFormatOptions = {
  ...dateOptions,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** A person's role as the admin pages name it (lower case, as the api writes it; the pages capitalise it). */
export function roleLabel(role: 'user' | 'mentor'): string {
  return role === 'mentor' ? t('mentor') : t('user');
}

/** "24 Nov 2026" (or "24 Nov 2026, 10:00 UTC" with the time): admins read every time in UTC, as the dashboard counts. */
export function formatDate(iso: string, withTime = false): string {
  const text = new Intl.DateTimeFormat(adminDateLocale(), withTime ? dateTimeOptions : dateOptions).format(
    new Date(iso),
  );
  return withTime ? `${text} UTC` : text;
}
