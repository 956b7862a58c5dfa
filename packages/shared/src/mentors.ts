import { z } from 'zod';
import { errorMessages } from './errors';
import { msg } from './i18n/msg';
import { idSchema } from './ids';
import { limitQuerySchema, pageMessage, pageQuerySchema } from './paging';
import {
  HEADLINE_MIN,
  HEADLINE_MAX,
  BIO_MIN,
  BIO_MAX,
  EXPERIENCE_MIN,
  EXPERIENCE_MAX,
  PROFILE_URL_MAX,
  COMPANIES_MAX,
  COMPANY_NAME_MAX,
  MENTOR_PAGE_DEFAULT,
  MENTOR_PAGE_MAX,
  MENTOR_SEARCH_MAX,
  EXPERIENCE_VALUES,
  LANGUAGES,
} from './mentors-constants';

export * from './mentors-constants';

/**
 * Mentor application and mentor profile rules (spec §3, §5, §9; DESIGN.md §4 "Assessments and becoming a
 * mentor", "Mentors"), written once: the Become a Mentor dialog, the profile page's fields, the request
 * validation and the OpenAPI document use these schemas. Messages quoted in the spec are the spec's.
 */
export const mentorMessages = {
  roadmapFilter: msg('The roadmap or topic to find a mentor for is not a valid id.'),
  stackRequired: msg('Stack domain is required'),
  stackSelect: msg('Please select a stack domain'),
  experienceRequired: msg('Experience level is required'),
  experienceSelect: msg('Please select your experience level'),
  languagesMin: msg('Please select at least one language'),
  headlineMin: msg('Headline must be at least {min} characters', { min: HEADLINE_MIN }),
  headlineMax: msg('Headline must not exceed {max} characters', { max: HEADLINE_MAX }),
  headlineRequired: msg('Professional headline is required'),
  bioMin: msg('Bio must be at least {min} characters', { min: BIO_MIN }),
  bioMax: msg('Bio must not exceed {max} characters', { max: BIO_MAX }),
  bioRequired: msg('Bio is required'),
  linkedinInvalid: msg('Please enter a valid LinkedIn URL'),
  linkedinHost: msg('Must be a LinkedIn URL'),
  githubRequired: msg('github URL is required'),
  githubInvalid: msg('Please enter a valid Github URL'),
  // The spec's form shows "Must be a LinkedIn URL" here too, which sends people to fix the wrong field
  // (decision 017).
  githubHost: msg('Must be a Github URL'),
  experiencePositive: msg('Experience must be a positive number.'),
  experienceWhole: msg('Experience must be a whole number.'),
  experienceMin:
    EXPERIENCE_MIN === 1
      ? msg('Experience must be at least {min} year.', { min: EXPERIENCE_MIN })
      : msg('Experience must be at least {min} years.', { min: EXPERIENCE_MIN }),
  experienceMax: msg('Experience cannot exceed {max} years.', { max: EXPERIENCE_MAX }),
  registered: msg('Registered successfully!'),
  noTests: msg('For this stack currently no tests.'),
  profileSaved: msg('Your profile information has been updated successfully.'),
  // Ours (the spec shows none for these).
  languageUnknown: msg('Choose languages from the list'),
  languageTwice: msg('Each language can be chosen once'),
  notYourApplication: msg('You can only apply for yourself.'),
  notYourProfile: msg('You can only change your own mentor profile.'),
  notAMentor: msg('Only mentors have a mentor profile.'),
  mentorNotFound: msg('Mentor not found.'),
  companyRequired: msg('Company name is required'),
  companyMax: msg('Company name must not exceed {max} characters', { max: COMPANY_NAME_MAX }),
  companiesMax: msg('List at most {max} companies', { max: COMPANIES_MAX }),
  companyTwice: msg('Each company can be listed once'),
  experienceFilter: msg('Experience is a whole number of years from 0 to 50'),
  searchMax: msg('Search must not exceed {max} characters', { max: MENTOR_SEARCH_MAX }),
  pageInvalid: pageMessage,
  limitInvalid: msg('Limit is a whole number from 1 to {max}', { max: MENTOR_PAGE_MAX }),
} as const;

/** `A` when the value is missing altogether, `B` when it is there but empty or wrong: the spec has both. */
const missingOr = (missing: string, wrong: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? missing : wrong;

function hostIs(value: string, domain: string): boolean {
  try {
    const { hostname, protocol } = new URL(value);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (hostname === domain || hostname.endsWith(`.${domain}`))
    );
  } catch {
    return false;
  }
}

function isWebAddress(value: string): boolean {
  try {
    const { hostname, protocol } = new URL(value);
    return (protocol === 'http:' || protocol === 'https:') && hostname.includes('.');
  } catch {
    return false;
  }
}

/** A profile link of one site (spec §5): a web address first, then one of that site's. */
function profileUrlSchema(domain: string, messages: { required: string; invalid: string; host: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(PROFILE_URL_MAX, { error: messages.invalid, abort: true })
    .refine(isWebAddress, { error: messages.invalid, abort: true })
    .refine((value) => hostIs(value, domain), { error: messages.host });
}

export const headlineSchema = z
  .string({ error: mentorMessages.headlineRequired })
  .trim()
  .min(1, { error: mentorMessages.headlineRequired, abort: true })
  .min(HEADLINE_MIN, mentorMessages.headlineMin)
  .max(HEADLINE_MAX, mentorMessages.headlineMax);

export const bioSchema = z
  .string({ error: mentorMessages.bioRequired })
  .trim()
  .min(1, { error: mentorMessages.bioRequired, abort: true })
  .min(BIO_MIN, mentorMessages.bioMin)
  .max(BIO_MAX, mentorMessages.bioMax);

export const languageSchema = z.enum(LANGUAGES, { error: mentorMessages.languageUnknown });
export const languagesSchema = z
  .array(languageSchema, { error: mentorMessages.languagesMin })
  .min(1, mentorMessages.languagesMin)
  .refine((languages) => new Set(languages).size === languages.length, mentorMessages.languageTwice);

/** Years of experience on the profile (spec §5 "Profile fields"): a whole number from 1 to 50. */
export const experienceYearsSchema = z
  .number({ error: mentorMessages.experiencePositive })
  .int({ error: mentorMessages.experienceWhole, abort: true })
  .min(EXPERIENCE_MIN, mentorMessages.experienceMin)
  .max(EXPERIENCE_MAX, mentorMessages.experienceMax);

/** The same rule for what a person typed: empty or not a number reads as "not a positive number". */
export const experienceTextSchema = z
  .string()
  .transform((text) => (text.trim() === '' ? Number.NaN : Number(text.trim())))
  .pipe(experienceYearsSchema);

/** The Become a Mentor dialog and `POST /api/assessment/tests` (spec §3, §5). */
export const mentorApplicationSchema = z.object({
  stackId: z
    .string({ error: missingOr(mentorMessages.stackRequired, mentorMessages.stackSelect) })
    .min(1, { error: mentorMessages.stackSelect, abort: true })
    .pipe(z.uuid(mentorMessages.stackSelect)),
  expirience: z.enum(EXPERIENCE_VALUES, {
    error: missingOr(mentorMessages.experienceRequired, mentorMessages.experienceSelect),
  }),
  languages: languagesSchema,
  headline: headlineSchema,
  bio: bioSchema,
  linkedinUrl: profileUrlSchema('linkedin.com', {
    required: mentorMessages.linkedinInvalid,
    invalid: mentorMessages.linkedinInvalid,
    host: mentorMessages.linkedinHost,
  }),
  githubUrl: profileUrlSchema('github.com', {
    required: mentorMessages.githubRequired,
    invalid: mentorMessages.githubInvalid,
    host: mentorMessages.githubHost,
  }),
  /** Prefilled from the signed-in user (spec §3); the server takes the applicant from the session. */
  userId: z.string().optional(),
});
export type MentorApplication = z.infer<typeof mentorApplicationSchema>;
/** What the dialog's fields hold before validation. */
export type MentorApplicationInput = z.input<typeof mentorApplicationSchema>;

export const companySchema = z
  .string({ error: mentorMessages.companyRequired })
  .trim()
  .min(1, { error: mentorMessages.companyRequired, abort: true })
  .max(COMPANY_NAME_MAX, mentorMessages.companyMax);
export const companiesSchema = z
  .array(companySchema)
  .max(COMPANIES_MAX, mentorMessages.companiesMax)
  .refine(
    (companies) => new Set(companies.map((company) => company.toLowerCase())).size === companies.length,
    mentorMessages.companyTwice,
  );

/** `PUT /api/mentor` (spec §7): one or more of the mentor's own profile fields. */
export const mentorUpdateBodySchema = z.object({
  mentorId: idSchema,
  updatedData: z
    .strictObject(
      {
        headline: headlineSchema.optional(),
        bio: bioSchema.optional(),
        expirience: experienceYearsSchema.optional(),
        languages: languagesSchema.optional(),
        companies: companiesSchema.optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? msg('Only headline, bio, expirience, languages and companies can be changed here.')
            : errorMessages.nothingToUpdate,
      },
    )
    .refine(
      (data) => Object.values(data).some((value) => value !== undefined),
      errorMessages.nothingToUpdate,
    ),
});
export type MentorUpdateBody = z.infer<typeof mentorUpdateBodySchema>;
export type MentorProfileChange = MentorUpdateBody['updatedData'];

/** A mentor as the profile pages show them (spec §3 "Mentor profile"). `email` only to the mentor themself. */
export const mentorProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().optional(),
  avatar: z.string().nullable(),
  role: z.literal('mentor'),
  headline: z.string(),
  bio: z.string(),
  expirience: z.number(),
  languages: z.array(z.string()),
  /** Names of the stacks whose test the mentor passed, in the order they passed them. */
  assessedSkills: z.array(z.string()),
  linkedinUrl: z.string(),
  githubUrl: z.string(),
  companies: z.array(z.string()),
  /** Whole rupees; null until the mentor saved their availability. */
  pricePerSession: z.number().nullable(),
  timezone: z.string(),
  /** The mean review rating to one decimal; null before the first review. */
  rating: z.number().nullable(),
  reviewCount: z.number(),
  sessionsHeld: z.number(),
});
export type MentorProfile = z.infer<typeof mentorProfileSchema>;
export const mentorProfileResponseSchema = z.object({ mentor: mentorProfileSchema });
export const mentorUpdateResponseSchema = z.object({ message: z.string(), mentor: mentorProfileSchema });
export type MentorProfileResponse = z.infer<typeof mentorProfileResponseSchema>;
export type MentorUpdateResponse = z.infer<typeof mentorUpdateResponseSchema>;

/** A comma list in a query string ("hindi,english"): trimmed, empty parts dropped. */
const commaListSchema = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).max(20));

/** `GET /api/mentor/:skill` query (spec §7; DESIGN.md §4). `skill` is a stack name in any case, or `all`. */
export const mentorListQuerySchema = z.object({
  userId: z.uuid().optional(),
  companies: commaListSchema(z.string().max(COMPANY_NAME_MAX, mentorMessages.companyMax)).optional(),
  expirience: z.coerce
    .number({ error: mentorMessages.experienceFilter })
    .int(mentorMessages.experienceFilter)
    .min(0, mentorMessages.experienceFilter)
    .max(EXPERIENCE_MAX, mentorMessages.experienceFilter)
    .optional(),
  languages: commaListSchema(languageSchema).optional(),
  search: z.string().trim().max(MENTOR_SEARCH_MAX, mentorMessages.searchMax).optional(),
  /**
   * A topic's "Find a mentor for …" (DESIGN.md §4b): mentors who passed the test of a stack the roadmap's title
   * or the topic's label names come first. A roadmap has no stack of its own (docs/decisions/064).
   */
  roadmap: z.uuid(mentorMessages.roadmapFilter).optional(),
  topic: z.uuid(mentorMessages.roadmapFilter).optional(),
  page: pageQuerySchema(),
  limit: limitQuerySchema(MENTOR_PAGE_MAX, MENTOR_PAGE_DEFAULT, mentorMessages.limitInvalid),
});
export type MentorListQuery = z.infer<typeof mentorListQuerySchema>;
export const mentorSkillParamsSchema = z.object({ skill: z.string().trim().min(1).max(100) });

/** A card of the listing: the public profile without the long texts, and the first free hour. */
export const mentorCardSchema = mentorProfileSchema
  .pick({
    id: true,
    name: true,
    avatar: true,
    headline: true,
    expirience: true,
    languages: true,
    assessedSkills: true,
    companies: true,
    timezone: true,
    rating: true,
    reviewCount: true,
    sessionsHeld: true,
  })
  .extend({
    /** Whole rupees, as the mentor set it (the database keeps paise). */
    pricePerSession: z.number(),
    /** The next bookable hour as UTC ISO instants, within the next 60 days; null when there is none. */
    nextFreeSlot: z.object({ startTime: z.string(), endTime: z.string() }).nullable(),
  });
export type MentorCard = z.infer<typeof mentorCardSchema>;
export const mentorListResponseSchema = z.object({
  mentors: z.array(mentorCardSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type MentorListResponse = z.infer<typeof mentorListResponseSchema>;
