import { questionBodySchema, type AdminQuestion } from '@skillroute/shared/assessments';
import { describe, expect, it } from 'vitest';
import {
  canAddOption,
  canRemoveOption,
  correctFlags,
  deleteStackConsequence,
  focusAfterRemoving,
  needsMoreQuestions,
  questionCountText,
  questionFieldNames,
  questionFormValues,
} from './question-bank';

describe('the stack counts', () => {
  it('warns below ten active questions, however many inactive ones there are', () => {
    expect(needsMoreQuestions({ activeQuestionCount: 9 })).toBe(true);
    expect(needsMoreQuestions({ activeQuestionCount: 10 })).toBe(false);
    expect(needsMoreQuestions({ activeQuestionCount: 0 })).toBe(true);
  });

  it('counts active of all questions, in the singular for one', () => {
    expect(questionCountText({ activeQuestionCount: 8, questionCount: 12 })).toBe('8 active of 12 questions');
    expect(questionCountText({ activeQuestionCount: 1, questionCount: 1 })).toBe('1 active of 1 question');
    expect(questionCountText({ activeQuestionCount: 0, questionCount: 0 })).toBe('0 active of 0 questions');
  });

  it('says what goes with a deleted stack', () => {
    expect(deleteStackConsequence({ questionCount: 3 })).toBe(
      'Its 3 questions will be deleted with it. This cannot be undone.',
    );
    expect(deleteStackConsequence({ questionCount: 0 })).toBe('It has no questions. This cannot be undone.');
  });
});

describe('the question form values', () => {
  it('starts a new question active, with two blank options and none correct, which the shared rule refuses', () => {
    const blank = questionFormValues();
    expect(blank).toEqual({
      text: '',
      options: [
        { text: '', isCorrect: false },
        { text: '', isCorrect: false },
      ],
      isActive: true,
    });
    expect(questionBodySchema.safeParse(blank).success).toBe(false);
  });

  it('starts an edit from the saved question, which is a valid request body as it stands', () => {
    const question: AdminQuestion = {
      id: 'q1',
      text: 'Which hook keeps state?',
      isActive: false,
      updatedAt: '2026-11-20T10:00:00.000Z',
      options: [
        { id: 'o1', text: 'useState', isCorrect: true },
        { id: 'o2', text: 'useMemo', isCorrect: false },
      ],
    };
    const values = questionFormValues(question);
    expect(values).toEqual({
      text: 'Which hook keeps state?',
      options: [
        { text: 'useState', isCorrect: true },
        { text: 'useMemo', isCorrect: false },
      ],
      isActive: false,
    });
    expect(questionBodySchema.parse(values)).toEqual(values);
  });

  it('allows 2 to 6 options', () => {
    expect([canAddOption(5), canAddOption(6)]).toEqual([true, false]);
    expect([canRemoveOption(3), canRemoveOption(2)]).toEqual([true, false]);
  });

  it('marks exactly the chosen option correct', () => {
    expect(correctFlags(4, 2)).toEqual([false, false, true, false]);
  });

  it('moves focus to the option that took the removed one’s place, or to the new last one', () => {
    expect(focusAfterRemoving(0, 3)).toBe(0);
    expect(focusAfterRemoving(1, 4)).toBe(1);
    expect(focusAfterRemoving(3, 4)).toBe(2);
  });

  it('names every field the server can tie a message to', () => {
    expect(questionFieldNames(3)).toEqual([
      'text',
      'options',
      'isActive',
      'options.0.text',
      'options.1.text',
      'options.2.text',
    ]);
  });
});
