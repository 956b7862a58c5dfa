import { describe, expect, it } from 'vitest';
import { demoQuestionBanks } from './index';

const MAX_TEXT = 500;
const MAX_OPTION = 200;

describe.each(demoQuestionBanks)('the $stack question bank', ({ questions }) => {
  it('has enough questions to draw a test from', () => {
    expect(questions.length).toBeGreaterThanOrEqual(25);
  });

  it('asks each question with 2 to 6 options, exactly one of them correct', () => {
    for (const question of questions) {
      expect(question.options.length, question.text).toBeGreaterThanOrEqual(2);
      expect(question.options.length, question.text).toBeLessThanOrEqual(6);
      expect(
        question.options.filter((option) => option.isCorrect),
        question.text,
      ).toHaveLength(1);
    }
  });

  it('keeps question texts non-blank, within the limit and unique', () => {
    for (const question of questions) {
      expect(question.text.trim(), question.text).not.toBe('');
      expect(question.text.length, question.text).toBeLessThanOrEqual(MAX_TEXT);
    }
    const texts = questions.map((question) => question.text.trim().toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('keeps options non-blank, within the limit and distinct within a question', () => {
    for (const question of questions) {
      for (const option of question.options) {
        expect(option.text.trim(), question.text).not.toBe('');
        expect(option.text.length, option.text).toBeLessThanOrEqual(MAX_OPTION);
      }
      const texts = question.options.map((option) => option.text.trim().toLowerCase());
      expect(new Set(texts).size, question.text).toBe(texts.length);
    }
  });

  it('does not always put the correct option in the same position', () => {
    const positions = new Set(
      questions.map((question) => question.options.findIndex((option) => option.isCorrect)),
    );
    expect(positions.size).toBeGreaterThan(1);
  });
});

describe('the demo question banks', () => {
  it('cover each stack once', () => {
    const stacks = demoQuestionBanks.map((bank) => bank.stack);
    expect(new Set(stacks).size).toBe(stacks.length);
    expect(stacks).toEqual(['React', 'Node.js', 'Python', 'Java', 'DevOps', 'SQL']);
  });
});
