import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, NAME_MIN, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './auth-constants';
import { timezoneSchema } from './availability';
import { LOCALES } from './i18n/locales';
import { msg } from './i18n/msg';

export * from './auth-constants';

/**
 * Account rules, written once: the forms, the request validation and the OpenAPI document use these.
 * Name messages are the spec's (§5); sign-up, login and code messages are ours (the spec does not show them).
 */

export const nameSchema = z
  .string({ error: msg('Name is required') })
  .trim()
  .min(NAME_MIN, msg('Name must be at least {min} characters long', { min: NAME_MIN }))
  .max(NAME_MAX, msg('Name should be under {max} characters', { max: NAME_MAX }))
  .regex(/^[A-Za-z]+$/, msg('Username must only contain alphabets'));

export const emailSchema = z
  .string({ error: msg('E-mail is required') })
  .trim()
  .min(1, msg('E-mail is required'))
  .max(EMAIL_MAX, msg('E-mail must not exceed {max} characters', { max: EMAIL_MAX }))
  .pipe(z.email(msg('Please enter a valid e-mail address')))
  .transform((email) => email.toLowerCase());

const passwordMaxMessage = msg('Password must not exceed {max} characters', { max: PASSWORD_MAX });

export const passwordSchema = z
  .string({ error: msg('Password is required') })
  .min(PASSWORD_MIN, msg('Password must be at least {min} characters', { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, passwordMaxMessage)
  .regex(/[A-Za-z]/, msg('Password must contain a letter'))
  .regex(/[0-9]/, msg('Password must contain a digit'));

export const otpSchema = z
  .string({ error: msg('Code is required') })
  .trim()
  .regex(
    new RegExp(`^\\d{${OTP_LENGTH}}$`),
    msg('Enter the {length}-digit code from the e-mail', { length: OTP_LENGTH }),
  );

/**
 * The browser's zone, sent with sign-up and every sign-in (DESIGN.md §4b): kept while the person has not chosen
 * one. The same IANA rule as a mentor's availability zone.
 */
const browserTimezone = { timezone: timezoneSchema.optional() };

/** A language Skillroute speaks, as a person chooses it. */
export const localeSchema = z.enum(LOCALES, { error: msg('Choose English or Hindi') });

/**
 * The language the person chose in the browser they sign up or sign in from: sent only when they chose it there,
 * so it becomes the account's (their latest explicit choice).
 */
const browserLocale = { locale: localeSchema.optional() };

export const signupBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  ...browserTimezone,
  ...browserLocale,
});
/** Sign-in checks only that something was typed: the rules of a new password do not apply to an old one. */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: msg('Password is required') })
    .min(1, msg('Password is required'))
    .max(PASSWORD_MAX, passwordMaxMessage),
  ...browserTimezone,
  ...browserLocale,
});
export const verifyOtpBodySchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  ...browserTimezone,
  ...browserLocale,
});
export const emailBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: msg('The reset link is not valid') })
    .min(1, msg('The reset link is not valid'))
    .max(200, msg('The reset link is not valid')),
  password: passwordSchema,
});
export const googleLoginBodySchema = z.object({
  credential: z
    .string({ error: msg('Google sign-in failed') })
    .min(1, msg('Google sign-in failed'))
    .max(8192, msg('Google sign-in failed')),
  ...browserTimezone,
  ...browserLocale,
});

export const roleSchema = z.enum(['user', 'mentor']);
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  avatar: z.string().nullable(),
  /** The zone the person reads times in (IANA). The api always sends it; a session kept by an older tab may lack it. */
  timezone: z.string().optional(),
  /** The language the person chose; absent (or null) while they never chose one. */
  locale: localeSchema.nullable().optional(),
});

export type SignupBody = z.infer<typeof signupBodySchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signupResponseSchema = z.object({ message: z.string(), email: z.string() });
export const userResponseSchema = z.object({ user: sessionUserSchema });
export const messageResponseSchema = z.object({ message: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Public settings the browser needs before sign-in. */
export const publicConfigSchema = z.object({ googleClientId: z.string().nullable() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const adminSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const adminResponseSchema = z.object({ admin: adminSchema });
export type Admin = z.infer<typeof adminSchema>;
export type AdminResponse = z.infer<typeof adminResponseSchema>;

/**
 * `PUT /api/user/update` text fields (multipart or JSON): the name rule of spec §5, the person's own zone, or
 * their language.
 */
export const userUpdateFieldsSchema = z.object({
  userId: z.string().min(1),
  name: nameSchema.optional(),
  timezone: timezoneSchema.optional(),
  locale: localeSchema.optional(),
});
/** What it answers: the user as they are now, and what changed. */
export const profileUpdateResponseSchema = userResponseSchema.extend({ message: z.string() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;
