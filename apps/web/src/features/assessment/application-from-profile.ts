import {
  EXPERIENCE_VALUES,
  LANGUAGES,
  type Language,
  type MentorApplicationInput,
  type MentorProfile,
} from '@skillroute/shared/mentors';

/**
 * A mentor's application for another skill, filled in from the profile they have (issue 11): the stack is
 * theirs to choose. The profile's years (any whole number, edited on the profile page) become the highest
 * experience choice they reach.
 */
export function applicationFromProfile(profile: MentorProfile): MentorApplicationInput {
  const reached = EXPERIENCE_VALUES.filter((value) => Number(value) <= profile.expirience);
  return {
    stackId: '',
    expirience: reached.at(-1) ?? EXPERIENCE_VALUES[0],
    languages: profile.languages.filter((language): language is Language =>
      (LANGUAGES as readonly string[]).includes(language),
    ),
    headline: profile.headline,
    bio: profile.bio,
    linkedinUrl: profile.linkedinUrl,
    githubUrl: profile.githubUrl,
  };
}

/** The stacks a mentor may still be tested in: not those they hold (names match in any case, as the api's do). */
export function stacksNotHeld<T extends { name: string }>(
  stacks: readonly T[],
  held: readonly string[],
): T[] {
  const heldNames = new Set(held.map((name) => name.toLowerCase()));
  return stacks.filter((stack) => !heldNames.has(stack.name.toLowerCase()));
}
