import { describe, expect, it } from 'vitest';
import { emailSchema, nameSchema, otpSchema, passwordSchema, signupBodySchema } from './auth';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('account rules', () => {
  it('name: 3 to 10 letters, with the spec messages', () => {
    expect(nameSchema.safeParse('Asha').success).toBe(true);
    expect(messages(nameSchema.safeParse('Al'))).toContain('Name must be at least 3 characters long');
    expect(messages(nameSchema.safeParse('Abcdefghijk'))).toContain('Name should be under 10 characters');
    expect(messages(nameSchema.safeParse('Ann3'))).toContain('Username must only contain alphabets');
    expect(messages(nameSchema.safeParse('Ann Lee'))).toContain('Username must only contain alphabets');
  });
  it('e-mail: trimmed, lower-cased, valid', () => {
    expect(emailSchema.parse('  Asha@Example.COM ')).toBe('asha@example.com');
    expect(messages(emailSchema.safeParse('not-an-email'))).toContain('Please enter a valid e-mail address');
    expect(messages(emailSchema.safeParse(''))).toContain('E-mail is required');
  });
  it('password: 8 to 128 with a letter and a digit', () => {
    expect(passwordSchema.safeParse('learning42').success).toBe(true);
    expect(messages(passwordSchema.safeParse('short1'))).toContain('Password must be at least 8 characters');
    expect(messages(passwordSchema.safeParse('onlyletters'))).toContain('Password must contain a digit');
    expect(messages(passwordSchema.safeParse('12345678'))).toContain('Password must contain a letter');
    expect(messages(passwordSchema.safeParse(`a1${'x'.repeat(127)}`))).toContain(
      'Password must not exceed 128 characters',
    );
  });
  it('code: exactly six digits', () => {
    expect(otpSchema.safeParse('012345').success).toBe(true);
    expect(otpSchema.safeParse('12345').success).toBe(false);
    expect(otpSchema.safeParse('12a456').success).toBe(false);
  });
  it('sign-up reports every bad field at once', () => {
    const result = signupBodySchema.safeParse({ name: 'A', email: 'x', password: 'y' });
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((issue) => issue.path[0]))).toEqual(
      new Set(['name', 'email', 'password']),
    );
  });
});
