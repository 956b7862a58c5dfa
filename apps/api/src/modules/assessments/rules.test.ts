import { describe, expect, it } from 'vitest';
import { assessmentMessages } from '@skillroute/shared/assessments';
import { AppError } from '../../lib/errors';
import {
  answerErrors,
  assertApplicant,
  assertMayApply,
  assertOwnTest,
  drawQuestions,
  expiryOf,
  isOnTime,
  resultNotice,
  scoreAnswers,
  shuffle,
  withOptionIds,
  type BankQuestion,
  type DrawnQuestion,
} from './rules';

const bankOf = (size: number): BankQuestion[] =>
  Array.from({ length: size }, (_, q) => ({
    id: `q${q}`,
    text: `Question ${q}`,
    options: [0, 1, 2, 3].map((o) => ({ id: `q${q}o${o}`, text: `Option ${o}`, isCorrect: o === q % 4 })),
  }));

/** Ten drawn questions whose right answer is always option "a". */
const drawn: DrawnQuestion[] = Array.from({ length: 10 }, (_, q) => ({
  id: `q${q}`,
  text: `Question ${q}`,
  options: [
    { id: `q${q}a`, text: 'A' },
    { id: `q${q}b`, text: 'B' },
  ],
  correctOptionId: `q${q}a`,
}));
const answering = (right: number, wrong = 0): Record<string, string> =>
  Object.fromEntries([
    ...drawn.slice(0, right).map((q) => [q.id, `${q.id}a`]),
    ...drawn.slice(right, right + wrong).map((q) => [q.id, `${q.id}b`]),
  ]);

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('drawing a test', () => {
  it('draws 10 different questions of the bank, each with all its options and the right one remembered', () => {
    const bank = bankOf(25);
    const test = drawQuestions(bank);
    expect(test).toHaveLength(10);
    expect(new Set(test!.map((q) => q.id)).size).toBe(10);
    for (const question of test!) {
      const original = bank.find((q) => q.id === question.id)!;
      expect(question.options.map((o) => o.id).sort()).toEqual(original.options.map((o) => o.id).sort());
      expect(question.correctOptionId).toBe(original.options.find((o) => o.isCorrect)!.id);
      // What the taker is sent never says which option is right.
      expect(question.options.every((option) => !('isCorrect' in option))).toBe(true);
    }
  });

  it('refuses a bank smaller than a test', () => {
    expect(drawQuestions(bankOf(9))).toBeUndefined();
    expect(drawQuestions(bankOf(10))).toHaveLength(10);
  });

  it('draws at random: two draws of a large bank differ, and options come in more than one order', () => {
    const bank = bankOf(60);
    const draws = Array.from({ length: 5 }, () =>
      drawQuestions(bank)!
        .map((q) => q.id)
        .join(),
    );
    expect(new Set(draws).size).toBeGreaterThan(1);
    const orders = new Set(
      Array.from({ length: 20 }, () =>
        drawQuestions(bankOf(10))![0]!
          .options.map((o) => o.id.slice(-2))
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('shuffles with the picker it is given (Fisher–Yates)', () => {
    // Always picking 0 moves each last element to the front in turn.
    expect(shuffle([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    expect(shuffle([1, 2, 3, 4], (below) => below - 1)).toEqual([1, 2, 3, 4]);
  });

  it('names options on the server', () => {
    let n = 0;
    expect(withOptionIds([{ text: 'x', isCorrect: true }], () => `id${++n}`)).toEqual([
      { id: 'id1', text: 'x', isCorrect: true },
    ]);
  });
});

describe('scoring', () => {
  it('counts right answers; 7 of 10 passes, 6 does not', () => {
    expect(scoreAnswers(drawn, answering(7, 3))).toEqual({ score: 7, total: 10, passed: true });
    expect(scoreAnswers(drawn, answering(6, 4))).toEqual({ score: 6, total: 10, passed: false });
    expect(scoreAnswers(drawn, answering(10))).toEqual({ score: 10, total: 10, passed: true });
  });

  it('counts an unanswered question as wrong, and an empty test as 0', () => {
    expect(scoreAnswers(drawn, answering(7))).toEqual({ score: 7, total: 10, passed: true });
    expect(scoreAnswers(drawn, {})).toEqual({ score: 0, total: 10, passed: false });
  });

  it('ignores answers to questions that are not in the test', () => {
    expect(scoreAnswers(drawn, { other: 'othera' })).toEqual({ score: 0, total: 10, passed: false });
  });
});

describe('checking answers against the test', () => {
  it('accepts answers to its own questions with their own options', () => {
    expect(answerErrors(drawn, [{ questionId: 'q0', optionId: 'q0b' }])).toEqual([]);
    // No option clears an answer, and names its fields as the caller asks.
    expect(answerErrors(drawn, [{ questionId: 'q0', optionId: null }])).toEqual([]);
    expect(answerErrors(drawn, [{ questionId: 'nope', optionId: null }], (_index, key) => key)).toEqual([
      { message: assessmentMessages.unknownQuestion, field: 'questionId' },
    ]);
  });

  it('names each bad entry: an unknown question, an option of another question, a question answered twice', () => {
    expect(
      answerErrors(drawn, [
        { questionId: 'nope', optionId: 'q0a' },
        { questionId: 'q1', optionId: 'q2a' },
        { questionId: 'q3', optionId: 'q3a' },
        { questionId: 'q3', optionId: 'q3b' },
      ]),
    ).toEqual([
      { message: assessmentMessages.unknownQuestion, field: 'answers.0.questionId' },
      { message: assessmentMessages.unknownOption, field: 'answers.1.optionId' },
      { message: assessmentMessages.answeredTwice, field: 'answers.3.questionId' },
    ]);
  });
});

describe('the clock', () => {
  const start = new Date('2026-11-23T10:00:00Z');

  it('runs 15 minutes from the start', () => {
    expect(expiryOf(start).toISOString()).toBe('2026-11-23T10:15:00.000Z');
  });

  it('is on time up to 30 seconds after the end, and late after that', () => {
    const end = expiryOf(start);
    expect(isOnTime(end, new Date('2026-11-23T10:14:59Z'))).toBe(true);
    expect(isOnTime(end, new Date('2026-11-23T10:15:30Z'))).toBe(true);
    expect(isOnTime(end, new Date('2026-11-23T10:15:31Z'))).toBe(false);
  });
});

describe('who may apply, and when', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('lets anyone apply who has no history in the stack', () => {
    expect(() => assertMayApply('React', [], now)).not.toThrow();
  });

  it('refuses a stack already passed (409)', () => {
    const error = refusal(() =>
      assertMayApply('React', [{ status: 'passed', submittedAt: new Date('2026-01-01T00:00:00Z') }], now),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('You have already passed the React test.');
  });

  it('refuses within 24 hours of failing, saying how long is left, and allows it after', () => {
    const failedAt = new Date('2026-11-23T02:30:00Z');
    const error = refusal(() => assertMayApply('React', [{ status: 'failed', submittedAt: failedAt }], now));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('You can take the React test again in 15 hours.');
    expect(() =>
      assertMayApply(
        'React',
        [{ status: 'failed', submittedAt: failedAt }],
        new Date('2026-11-24T02:30:00Z'),
      ),
    ).not.toThrow();
    expect(
      refusal(() =>
        assertMayApply(
          'SQL',
          [{ status: 'failed', submittedAt: failedAt }],
          new Date('2026-11-24T02:00:00Z'),
        ),
      ).message,
    ).toBe('You can take the SQL test again in 1 hour.');
  });

  it('counts the latest failure, not the first', () => {
    const history = [
      { status: 'failed' as const, submittedAt: new Date('2026-11-20T00:00:00Z') },
      { status: 'failed' as const, submittedAt: new Date('2026-11-23T11:00:00Z') },
    ];
    expect(refusal(() => assertMayApply('React', history, now)).message).toBe(
      'You can take the React test again in 23 hours.',
    );
  });

  it('refuses a second test while one is running', () => {
    expect(
      refusal(() => assertMayApply('React', [{ status: 'in_progress', submittedAt: null }], now)).message,
    ).toBe(assessmentMessages.testInProgress);
  });

  it('takes the applicant from the session: a form naming someone else is refused (403)', () => {
    expect(() => assertApplicant('me', undefined)).not.toThrow();
    expect(() => assertApplicant('me', 'me')).not.toThrow();
    expect(refusal(() => assertApplicant('me', 'you')).statusCode).toBe(403);
  });

  it('keeps a test to its taker: 404 when missing, 403 for anyone else', () => {
    expect(refusal(() => assertOwnTest(undefined, 'me')).statusCode).toBe(404);
    expect(refusal(() => assertOwnTest({ userId: 'you' }, 'me')).statusCode).toBe(403);
    expect(() => assertOwnTest({ userId: 'me' }, 'me')).not.toThrow();
  });
});

describe('the result notification', () => {
  it('tells a pass with a way to the profile, and a failure with the pass mark and the wait', () => {
    expect(resultNotice('React', { score: 8, total: 10, passed: true })).toEqual({
      type: 'assessment_passed',
      message:
        'You passed the React test with 8/10. You are now a mentor: React is on your profile as an assessed skill.',
      link: '/profile/general',
    });
    expect(resultNotice('React', { score: 5, total: 10, passed: false })).toMatchObject({
      type: 'assessment_failed',
      message: 'You scored 5/10 on the React test; the pass mark is 70%. You can try again in 24 hours.',
    });
  });
});
