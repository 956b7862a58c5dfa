import {
  EXPERIENCE_VALUES,
  LANGUAGES,
  MENTOR_PAGE_DEFAULT,
  MENTOR_SEARCH_MAX,
} from '@skillroute/shared/mentors-constants';
import { t } from '@/lib/i18n';

/**
 * The listing's filters as the page's URL keeps them (/explore-mentors?skill=react&languages=hindi,english&…),
 * so a search can be shared and the back button steps through it. Anything unreadable in a hand-edited URL
 * falls back to "no filter" instead of a request the api would refuse.
 */
export interface MentorFilters {
  /** A stack name, or `all`. */
  skill: string;
  /** Minimum years, one of the spec's choices; empty for any. */
  experience: string;
  languages: string[];
  companies: string[];
  search: string;
  page: number;
}

export const NO_FILTERS: MentorFilters = {
  skill: 'all',
  experience: '',
  languages: [],
  companies: [],
  search: '',
  page: 1,
};

const list = (text: string | null): string[] =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part, index, parts) => part !== '' && parts.indexOf(part) === index);

export function readFilters(params: URLSearchParams): MentorFilters {
  const experience = params.get('experience') ?? '';
  const page = Number(params.get('page'));
  return {
    skill: params.get('skill')?.trim() || 'all',
    experience: (EXPERIENCE_VALUES as readonly string[]).includes(experience) ? experience : '',
    languages: list(params.get('languages')).filter((language) =>
      (LANGUAGES as readonly string[]).includes(language),
    ),
    companies: list(params.get('companies')).slice(0, 20),
    search: (params.get('search') ?? '').trim().slice(0, MENTOR_SEARCH_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The URL's search params for `filters`: defaults are left out, so a plain visit has a plain URL. */
export function writeFilters(filters: MentorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.skill && filters.skill !== 'all') params.set('skill', filters.skill);
  if (filters.experience) params.set('experience', filters.experience);
  if (filters.languages.length > 0) params.set('languages', filters.languages.join(','));
  if (filters.companies.length > 0) params.set('companies', filters.companies.join(','));
  if (filters.search) params.set('search', filters.search);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const hasFilters = (filters: MentorFilters): boolean => writeFilters({ ...filters, page: 1 }).size > 0;

/**
 * What to suggest when nothing matches, from what is set: only a search gets no word about languages or
 * experience it never asked for. Undefined when nothing is set (there are simply no mentors yet).
 */
export function noMatchAdvice(
  filters: MentorFilters,
): { title: string; hint: string; clear: string } | undefined {
  if (!hasFilters(filters)) return undefined;
  const { skill, experience, languages, companies, search } = filters;
  if (writeFilters({ ...filters, search: '', page: 1 }).size === 0)
    return {
      title: t('No mentor matches “{search}”', { search }),
      hint: t('Check the spelling, or search for part of a name, a skill or a company.'),
      clear: t('Clear search'),
    };
  const tries = [
    languages.length > 1 ? t('fewer languages') : languages.length === 1 ? t('another language') : undefined,
    experience ? t('a lower experience') : undefined,
    skill !== 'all' ? t('another skill') : undefined,
    companies.length > 0 ? t('fewer companies') : undefined,
    search ? t('a shorter search') : undefined,
  ].filter((part) => part !== undefined);
  const listed =
    tries.length > 1
      ? t('{first} or {last}', { first: tries.slice(0, -1).join(', '), last: tries.at(-1) })
      : tries[0];
  return {
    title: t('No mentor matches these filters'),
    hint: t('Try {listed}.', { listed }),
    clear: t('Clear filters'),
  };
}

/** The router state a mentor's card hands their profile: the listing's query, for its "All mentors" link. */
export interface FromListingState {
  listing: string;
}

/**
 * "All mentors" on a profile: back to the listing with the filters one came from (router state from the card),
 * read through the same rules as the URL, so a forged state can only name valid filters.
 */
export function listingPathFrom(state: unknown): string {
  const listing = (state as Partial<FromListingState> | null)?.listing;
  if (typeof listing !== 'string') return '/explore-mentors';
  const query = writeFilters(readFilters(new URLSearchParams(listing))).toString();
  return query === '' ? '/explore-mentors' : `/explore-mentors?${query}`;
}

/** The api's request for the filters (DESIGN.md §4): `GET /api/mentor/{skill}?…`. */
export interface MentorListArgs extends MentorFilters {
  limit: number;
  userId?: string;
  /** A topic's "Find a mentor for …": mentors assessed in a stack the roadmap or topic names come first. */
  roadmap?: string;
  topic?: string;
}

export function listUrl({
  skill,
  experience,
  languages,
  companies,
  search,
  page,
  limit,
  userId,
  roadmap,
  topic,
}: MentorListArgs): string {
  const query = new URLSearchParams();
  if (userId) query.set('userId', userId);
  if (roadmap) {
    query.set('roadmap', roadmap);
    if (topic) query.set('topic', topic);
  }
  if (languages.length > 0) query.set('languages', languages.join(','));
  if (companies.length > 0) query.set('companies', companies.join(','));
  // Spelled as the api spells it.
  if (experience) query.set('expirience', experience);
  if (search) query.set('search', search);
  query.set('page', String(page));
  query.set('limit', String(limit));
  return `/api/mentor/${encodeURIComponent(skill || 'all')}?${query.toString()}`;
}

export const PAGE_SIZE = MENTOR_PAGE_DEFAULT;

/**
 * What a topic's "Find a mentor for …" carries through the listing to a mentor's booking panel (`roadmap`,
 * `topic`): not a filter, so the filters' writer leaves it out and the listing keeps it beside them.
 */
export function withLearningCarry(next: URLSearchParams, from: URLSearchParams): URLSearchParams {
  for (const key of ['roadmap', 'topic']) {
    const value = from.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/** The carried `roadmap` and `topic` as a query string for a mentor's profile ('' when nothing is carried). */
export function learningCarryQuery(params: URLSearchParams): string {
  return withLearningCarry(new URLSearchParams(), params).toString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The carried roadmap and topic for the listing's order, only when they are ids (a mangled address lists as usual). */
export function carriedLearning(params: URLSearchParams): { roadmap?: string; topic?: string } {
  const roadmap = params.get('roadmap') ?? '';
  const topic = params.get('topic') ?? '';
  if (!UUID.test(roadmap)) return {};
  return UUID.test(topic) ? { roadmap, topic } : { roadmap };
}
