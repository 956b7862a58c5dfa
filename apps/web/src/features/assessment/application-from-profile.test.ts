import type { MentorProfile } from '@skillroute/shared/mentors';
import { describe, expect, it } from 'vitest';
import { applicationFromProfile, stacksNotHeld } from './application-from-profile';

const profile: MentorProfile = {
  id: 'u1',
  name: 'Nila',
  avatar: null,
  role: 'mentor',
  headline: 'Frontend engineer at a bank',
  bio: 'I have shipped React apps for years and like helping people learn the craft.',
  expirience: 4,
  languages: ['english', 'tamil'],
  assessedSkills: ['React'],
  linkedinUrl: 'https://www.linkedin.com/in/nila',
  githubUrl: 'https://github.com/nila',
  companies: [],
  pricePerSession: null,
  timezone: 'Asia/Kolkata',
  rating: null,
  reviewCount: 0,
  sessionsHeld: 0,
};

describe('an application filled in from a mentor’s profile', () => {
  it('carries the profile and leaves the stack to choose', () => {
    expect(applicationFromProfile(profile)).toEqual({
      stackId: '',
      expirience: '3',
      languages: ['english', 'tamil'],
      headline: profile.headline,
      bio: profile.bio,
      linkedinUrl: profile.linkedinUrl,
      githubUrl: profile.githubUrl,
    });
  });

  it('turns any number of years into the highest choice reached', () => {
    expect(
      [1, 2, 6, 10, 50].map((years) => applicationFromProfile({ ...profile, expirience: years }).expirience),
    ).toEqual(['1', '2', '5', '10', '10']);
  });

  it('leaves out the stacks held, in any case', () => {
    const stacks = [
      { id: 'a', name: 'React' },
      { id: 'b', name: 'Node.js' },
      { id: 'c', name: 'SQL' },
    ];
    expect(stacksNotHeld(stacks, ['react', 'SQL'])).toEqual([{ id: 'b', name: 'Node.js' }]);
  });
});
