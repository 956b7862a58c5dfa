import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { assessmentMessages, questionBodySchema, stackNameSchema } from './assessments';
import { avatarMessages, emailSchema, loginBodySchema, nameSchema, otpSchema, passwordSchema } from './auth';
import { mentorMessages } from './mentors';
import { createRoadmapBodySchema, publishedRoadmapQuerySchema } from './roadmap-api';
import { roadmapMessages } from './roadmap-rules';
import { feedbackSchema, nodeContentSchema, nodeLabelSchema } from './roadmap-fields';

/**
 * Messages that name a limit are made from it; these are the texts they must still read as, byte for byte
 * (the spec's where it quotes one, misspellings and all).
 */
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('messages made from the limits they name', () => {
  it('read as the spec writes them', () => {
    expect(roadmapMessages.descriptionMin).toBe('Description must be at least 6 characters');
    expect(roadmapMessages.linksMax).toBe('Maximum of 2 links allowed');
    expect(roadmapMessages.feedbackMin).toBe('Feedback must be at least 5 characters');
    expect(mentorMessages.headlineMin).toBe('Headline must be at least 10 characters');
    expect(mentorMessages.headlineMax).toBe('Headline must not exceed 100 characters');
    expect(mentorMessages.bioMin).toBe('Bio must be at least 50 characters');
    expect(mentorMessages.bioMax).toBe('Bio must not exceed 1000 characters');
    expect(mentorMessages.experienceMin).toBe('Experience must be at least 1 year.');
    expect(mentorMessages.experienceMax).toBe('Experience cannot exceed 50 years.');
    expect(avatarMessages.size).toBe('File size must be less than 5MB');
    expect(messagesOf(nameSchema, 'Al')).toEqual(['Name must be at least 3 characters long']);
    expect(messagesOf(nameSchema, 'Bartholomewx')).toEqual(['Name should be under 10 characters']);
  });

  it('read as before where the messages are ours', () => {
    expect(messagesOf(passwordSchema, 'a1')).toEqual(['Password must be at least 8 characters']);
    expect(messagesOf(passwordSchema, `a1${'x'.repeat(127)}`)).toEqual([
      'Password must not exceed 128 characters',
    ]);
    expect(messagesOf(loginBodySchema.shape.password, 'x'.repeat(129))).toEqual([
      'Password must not exceed 128 characters',
    ]);
    expect(messagesOf(emailSchema, `${'a'.repeat(250)}@b.co`)).toContain(
      'E-mail must not exceed 254 characters',
    );
    expect(messagesOf(otpSchema, '12345')).toEqual(['Enter the 6-digit code from the e-mail']);
    expect(messagesOf(otpSchema, '123456')).toEqual([]);
    expect(messagesOf(otpSchema, '1234567')).toEqual(['Enter the 6-digit code from the e-mail']);
    expect(assessmentMessages.stackNameMax).toBe('Stack name must not exceed 50 characters');
    expect(messagesOf(stackNameSchema, 'x'.repeat(51))).toEqual(['Stack name must not exceed 50 characters']);
    expect(assessmentMessages.questionTextMax).toBe('Question text must not exceed 1000 characters');
    expect(assessmentMessages.optionTextMax).toBe('Option text must not exceed 300 characters');
    expect(assessmentMessages.optionsMin).toBe('A question needs at least 2 options');
    expect(assessmentMessages.optionsMax).toBe('A question can have at most 6 options');
    expect(messagesOf(questionBodySchema, { text: 'q', options: [{ text: 'a', isCorrect: true }] })).toEqual([
      'A question needs at least 2 options',
    ]);
    expect(messagesOf(nodeLabelSchema, 'x'.repeat(81))).toEqual(['Label must not exceed 80 characters']);
    expect(messagesOf(feedbackSchema, 'x'.repeat(1001))).toEqual([
      'Feedback must not exceed 1000 characters',
    ]);
    expect(
      messagesOf(nodeContentSchema, { title: 'x'.repeat(121), description: 'x'.repeat(5001), links: [] }),
    ).toEqual(['Title must not exceed 120 characters', 'Description must not exceed 5000 characters']);
    expect(messagesOf(createRoadmapBodySchema, { title: 'Go', description: 'Short' })).toEqual([
      'Title must be at least 3 characters',
      'Description must be at least 10 characters',
    ]);
    expect(
      messagesOf(createRoadmapBodySchema, { title: 'x'.repeat(101), description: 'x'.repeat(501) }),
    ).toEqual(['Title must not exceed 100 characters', 'Description must not exceed 500 characters']);
    expect(messagesOf(publishedRoadmapQuerySchema, { search: 'x'.repeat(101) })).toEqual([
      'Search must not exceed 100 characters',
    ]);
  });
});
