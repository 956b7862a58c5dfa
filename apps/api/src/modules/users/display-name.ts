import { NAME_MAX, nameSchema } from '@skillroute/shared/auth';

/** Used when nothing Google tells us can be made into a name that passes the name rule. */
export const FALLBACK_NAME = 'Learner';

/** "José-Luis O'Neil" -> "JoseLuisONeil": accents dropped, then everything but A-Z and a-z. */
function lettersOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '');
}

/**
 * A name for an account made through Google, fitted to the spec's name rule (3 to 10 letters only):
 * the given name first, then the full name, then the e-mail's local part, truncated to 10 letters;
 * "Learner" when none of them has 3 letters (a name in a non-Latin script, say). The person can
 * rename themselves on their profile.
 */
export function displayNameFromGoogle(profile: {
  givenName: string | undefined;
  name: string | undefined;
  email: string;
}): string {
  const candidates = [profile.givenName, profile.name, profile.email.split('@')[0]];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const name = lettersOf(candidate).slice(0, NAME_MAX);
    if (nameSchema.safeParse(name).success) return name;
  }
  return FALLBACK_NAME;
}
