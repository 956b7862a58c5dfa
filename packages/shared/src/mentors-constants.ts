import { msg } from './i18n/msg';

/**
 * The mentor rules' numbers, choices and labels, without zod: a page that only needs these (the mentor's profile
 * and the mentor listing in their first picture) imports this instead of mentors.ts, whose schemas would bring zod
 * along. mentors.ts re-exports it.
 */
export const HEADLINE_MIN = 10;
export const HEADLINE_MAX = 100;
export const BIO_MIN = 50;
export const BIO_MAX = 1000;
export const EXPERIENCE_MIN = 1;
export const EXPERIENCE_MAX = 50;
export const PROFILE_URL_MAX = 2048;
/** DESIGN.md §4: a mentor names at most 5 companies. */
export const COMPANIES_MAX = 5;
export const COMPANY_NAME_MAX = 60;
/** Mentor listing: page size, default and most (DESIGN.md §4). */
export const MENTOR_PAGE_DEFAULT = 12;
export const MENTOR_PAGE_MAX = 50;
export const MENTOR_SEARCH_MAX = 100;

/** Spec §3: the experience choices of the application, as the string values it sends and their labels. */
export const EXPERIENCE_VALUES = ['1', '2', '3', '5', '7', '10'] as const;
export const EXPERIENCE_CHOICES = EXPERIENCE_VALUES.map((value) => ({
  value,
  label: value === '1' ? msg('{value}+ year', { value }) : msg('{value}+ years', { value }),
}));

/** Spec §3: the seven languages, as the application sends them. */
export const LANGUAGES = ['english', 'hindi', 'malayalam', 'tamil', 'spanish', 'french', 'german'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages as people read them (in English; a page shows them through `translate`). */
const LANGUAGE_LABELS: Record<string, string> = {
  english: msg('English'),
  hindi: msg('Hindi'),
  malayalam: msg('Malayalam'),
  tamil: msg('Tamil'),
  spanish: msg('Spanish'),
  french: msg('French'),
  german: msg('German'),
};
/** "english" → "English": the values are the spec's, the labels are for people. */
export const languageLabel = (language: string): string =>
  LANGUAGE_LABELS[language] ?? language.charAt(0).toUpperCase() + language.slice(1);
