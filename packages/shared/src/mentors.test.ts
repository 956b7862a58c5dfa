import { describe, expect, it } from 'vitest';
import {
  experienceTextSchema,
  languageLabel,
  mentorApplicationSchema,
  mentorUpdateBodySchema,
} from './mentors';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const valid = {
  stackId: '0b7e1f4c-1234-4abc-8def-1234567890ab',
  expirience: '5',
  languages: ['english'],
  headline: 'Senior React engineer',
  bio: 'b'.repeat(60),
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  githubUrl: 'https://github.com/ada',
};

describe('the mentor application', () => {
  it('accepts a complete application', () => {
    expect(mentorApplicationSchema.safeParse(valid).success).toBe(true);
  });

  it('tells a missing field from an empty one, as the spec does', () => {
    expect(
      firstMessages(
        mentorApplicationSchema.safeParse({ ...valid, stackId: undefined, expirience: undefined }),
      ),
    ).toEqual({
      stackId: 'Stack domain is required',
      expirience: 'Experience level is required',
    });
    expect(
      firstMessages(mentorApplicationSchema.safeParse({ ...valid, stackId: '', expirience: '' })),
    ).toEqual({
      stackId: 'Please select a stack domain',
      expirience: 'Please select your experience level',
    });
  });

  it('wants profile links on the sites’ own hosts, over http or https', () => {
    const linkMessages = (linkedinUrl: string, githubUrl: string) =>
      firstMessages(mentorApplicationSchema.safeParse({ ...valid, linkedinUrl, githubUrl }));
    expect(linkMessages('https://in.linkedin.com/in/ada', 'http://gist.github.com/ada')).toEqual({});
    expect(linkMessages('https://evil.example/linkedin.com', 'https://evil.example/github.com')).toEqual({
      linkedinUrl: 'Must be a LinkedIn URL',
      githubUrl: 'Must be a Github URL',
    });
    expect(linkMessages('javascript:alert(1)//linkedin.com', 'ftp://github.com/ada')).toEqual({
      linkedinUrl: 'Please enter a valid LinkedIn URL',
      githubUrl: 'Please enter a valid Github URL',
    });
  });
});

describe('the profile rules', () => {
  it('reads typed experience with the spec’s four messages', () => {
    const message = (text: string) => experienceTextSchema.safeParse(text).error?.issues[0]?.message;
    expect(message('')).toBe('Experience must be a positive number.');
    expect(message('ten')).toBe('Experience must be a positive number.');
    expect(message('2.5')).toBe('Experience must be a whole number.');
    expect(message('0')).toBe('Experience must be at least 1 year.');
    expect(message('51')).toBe('Experience cannot exceed 50 years.');
    expect(experienceTextSchema.parse(' 12 ')).toBe(12);
  });

  it('changes only the four profile fields, at least one at a time', () => {
    const mentorId = valid.stackId;
    expect(
      mentorUpdateBodySchema.safeParse({ mentorId, updatedData: { headline: 'A perfectly fine headline' } })
        .success,
    ).toBe(true);
    expect(mentorUpdateBodySchema.safeParse({ mentorId, updatedData: {} }).success).toBe(false);
    expect(mentorUpdateBodySchema.safeParse({ mentorId, updatedData: { role: 'admin' } }).success).toBe(
      false,
    );
  });

  it('labels languages for people', () => {
    expect(languageLabel('malayalam')).toBe('Malayalam');
  });
});
