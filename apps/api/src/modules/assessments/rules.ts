import type { Locale } from '@skillroute/shared/i18n/locales';
import { translatorFor } from '../../lib/i18n';
import { randomInt, randomUUID } from 'node:crypto';
import {
  PASS_MARK_PERCENT,
  RETRY_AFTER_HOURS,
  START_WITHIN_HOURS,
  SUBMIT_GRACE_SECONDS,
  TEST_DURATION_SECONDS,
  TEST_QUESTION_COUNT,
  assessmentMessages,
  assessmentReasons,
  assessmentTexts,
  type Answer,
  type TestStatus,
} from '@skillroute/shared/assessments';
import { mentorMessages } from '@skillroute/shared/mentors';
import type { ErrorItem } from '@skillroute/shared/errors';
import { AppError } from '../../lib/errors';

/** A question of the bank, as the admin wrote it. */
export interface BankQuestion {
  id: string;
  text: string;
  options: { id: string; text: string; isCorrect: boolean }[];
}

/** A question as drawn for one test: options in this test's order, and which one is right. */
export interface DrawnQuestion {
  id: string;
  text: string;
  options: { id: string; text: string }[];
  correctOptionId: string;
}

/** Picks a whole number in [0, below); crypto's by default, a fixed one in tests. */
export type PickIndex = (below: number) => number;
const cryptoPick: PickIndex = (below) => randomInt(below);

/** Fisher–Yates: every order equally likely. */
export function shuffle<T>(items: readonly T[], pick: PickIndex = cryptoPick): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * Draws a test: `count` questions at random from the bank, each with its options shuffled. Undefined when the
 * bank is too small, which the applicant hears as the spec's "no tests" for that stack.
 */
export function drawQuestions(
  bank: readonly BankQuestion[],
  count = TEST_QUESTION_COUNT,
  pick: PickIndex = cryptoPick,
): DrawnQuestion[] | undefined {
  if (bank.length < count) return undefined;
  return shuffle(bank, pick)
    .slice(0, count)
    .map((question) => {
      const correct = question.options.find((option) => option.isCorrect);
      if (correct === undefined) throw new Error(`question ${question.id} has no correct option`);
      return {
        id: question.id,
        text: question.text,
        options: shuffle(question.options, pick).map(({ id, text }) => ({ id, text })),
        correctOptionId: correct.id,
      };
    });
}

/** Option ids for a question written by an admin: the server names them, never the client. */
export function withOptionIds(
  options: readonly { text: string; isCorrect: boolean }[],
  makeId: () => string = randomUUID,
): BankQuestion['options'] {
  return options.map((option) => ({ id: makeId(), text: option.text, isCorrect: option.isCorrect }));
}

// --- The clock ---

export function expiryOf(startedAt: Date): Date {
  return new Date(startedAt.getTime() + TEST_DURATION_SECONDS * 1000);
}

/** On time until the clock runs out, plus a grace for the answers still on their way. */
export function isOnTime(expiresAt: Date, now: Date): boolean {
  return now.getTime() <= expiresAt.getTime() + SUBMIT_GRACE_SECONDS * 1000;
}

/**
 * A test applied for but never started lapses after a day (DESIGN.md §4): it never counts as a fail, and it
 * stops holding the applicant's one open test.
 */
export function hasLapsed(test: { startedAt: Date | null; createdAt: Date }, now: Date): boolean {
  return (
    test.startedAt === null && now.getTime() > test.createdAt.getTime() + START_WITHIN_HOURS * 3600 * 1000
  );
}

/** The clock of a test that has one: answers and submissions wait for Start (decision 025). */
export function assertStarted<T extends { expiresAt: Date | null }>(
  test: T,
): asserts test is T & { expiresAt: Date } {
  if (test.expiresAt === null) throw new AppError('conflict', assessmentMessages.notStarted);
}

// --- Scoring ---

export interface Score {
  score: number;
  total: number;
  passed: boolean;
}

/** Right answers out of the questions drawn; passing is at least the pass mark, in whole numbers. */
export function scoreAnswers(
  questions: readonly DrawnQuestion[],
  answers: Readonly<Record<string, string>>,
): Score {
  const score = questions.filter((question) => answers[question.id] === question.correctOptionId).length;
  const total = questions.length;
  return { score, total, passed: total > 0 && score * 100 >= PASS_MARK_PERCENT * total };
}

/**
 * The answers of a submission or a save, checked against the test: every question must be one of its
 * questions, every option one of that question's, and no question answered twice. One error per bad entry.
 */
export function answerErrors(
  questions: readonly DrawnQuestion[],
  answers: readonly { questionId: string; optionId: string | null }[],
  fieldOf: (index: number, key: 'questionId' | 'optionId') => string = (index, key) =>
    `answers.${index}.${key}`,
): ErrorItem[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const seen = new Set<string>();
  return answers.flatMap((answer, index): ErrorItem[] => {
    const question = byId.get(answer.questionId);
    if (question === undefined)
      return [{ message: assessmentMessages.unknownQuestion, field: fieldOf(index, 'questionId') }];
    if (seen.has(answer.questionId))
      return [{ message: assessmentMessages.answeredTwice, field: fieldOf(index, 'questionId') }];
    seen.add(answer.questionId);
    // No option (null) clears an answer; any other must be one of the question's.
    if (answer.optionId !== null && !question.options.some((option) => option.id === answer.optionId))
      return [{ message: assessmentMessages.unknownOption, field: fieldOf(index, 'optionId') }];
    return [];
  });
}

/** `answerErrors`, as the 400 a request gets. */
export function assertAnswers(...args: Parameters<typeof answerErrors>): void {
  const errors = answerErrors(...args);
  if (errors.length > 0)
    throw new AppError('bad_request', errors[0]?.message ?? assessmentMessages.unknownQuestion, errors);
}

export const toAnswerMap = (answers: readonly Answer[]): Record<string, string> =>
  Object.fromEntries(answers.map((answer) => [answer.questionId, answer.optionId]));
export const toAnswerList = (answers: Readonly<Record<string, string>>): Answer[] =>
  Object.entries(answers).map(([questionId, optionId]) => ({ questionId, optionId }));

// --- Who may take a test, and when ---

/** What the rules need of one's earlier tests in a stack. */
export interface PastTest {
  status: TestStatus;
  submittedAt: Date | null;
}

export function retryAtOf(failedAt: Date): Date {
  return new Date(failedAt.getTime() + RETRY_AFTER_HOURS * 3600 * 1000);
}

/** One test at a time; the reason tells the client to resume the running one (it is in the list of its tests). */
export const testInProgress = () =>
  new AppError('conflict', assessmentMessages.testInProgress, undefined, {
    reason: assessmentReasons.testInProgress,
  });

/**
 * Whether one may apply for a stack now (DESIGN.md §4): not when already assessed in it, nor within a day
 * of failing it. A test running in another stack is the unique index's business (one at a time).
 */
export function assertMayApply(stackName: string, history: readonly PastTest[], now: Date): void {
  if (history.some((test) => test.status === 'passed'))
    throw new AppError('conflict', assessmentTexts.alreadyAssessed(stackName));
  if (history.some((test) => test.status === 'in_progress')) throw testInProgress();
  const lastFailure = Math.max(
    0,
    ...history.filter((test) => test.status === 'failed').map((test) => test.submittedAt?.getTime() ?? 0),
  );
  const wait = retryAtOf(new Date(lastFailure)).getTime() - now.getTime();
  if (lastFailure > 0 && wait > 0)
    throw new AppError('conflict', assessmentTexts.retryLater(stackName, Math.ceil(wait / 3_600_000)));
}

/** The applicant is the signed-in user; a `userId` naming someone else in the form is refused, not ignored. */
export function assertApplicant(callerId: string, userId: string | undefined): void {
  if (userId !== undefined && userId !== '' && userId !== callerId)
    throw new AppError('forbidden', mentorMessages.notYourApplication);
}

/** A test is its taker's alone. */
export function assertOwnTest<T extends { userId: string }>(
  test: T | undefined,
  userId: string,
): asserts test is T {
  if (test === undefined) throw new AppError('not_found', assessmentMessages.testNotFound);
  if (test.userId !== userId) throw new AppError('forbidden', assessmentMessages.notYourTest);
}

export function assertInProgress(status: TestStatus): void {
  if (status !== 'in_progress') throw new AppError('conflict', assessmentMessages.alreadySubmitted);
}

/** The taker's notification of a result. */
export function resultNotice(stackName: string, { score, total, passed }: Score, locale: Locale = 'en') {
  // The shared texts, in the reader's language once they are messages (msg) and in its catalogue.
  const { translate } = translatorFor(locale);
  if (passed)
    return {
      type: 'assessment_passed' as const,
      message: translate(assessmentTexts.passedNotice(stackName, score, total)),
      link: '/profile/general',
    };
  return {
    type: 'assessment_failed' as const,
    message: translate(assessmentTexts.failedNotice(stackName, score, total)),
    link: null,
  };
}

// ——— The admin's side of the bank (question-bank.ts) ———

/** `{ field: { from, to } }` for each field that differs: what the trail keeps of an edit. */
export function changesOf<K extends string>(
  before: Record<K, unknown>,
  after: Record<K, unknown>,
  fields: readonly K[],
): Record<string, { from: unknown; to: unknown }> {
  return Object.fromEntries(
    fields
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}

/** Options compared by what an applicant sees and which is right; an edit gives them new ids either way. */
export const sameOptions = (a: BankQuestion['options'], b: BankQuestion['options']) =>
  JSON.stringify(a.map(({ text, isCorrect }) => [text, isCorrect])) ===
  JSON.stringify(b.map(({ text, isCorrect }) => [text, isCorrect]));

/** A stack goes only while nobody has taken a test in it: tests and mentors' skills name their stack. */
export function assertStackDeletable(testsTaken: number): void {
  if (testsTaken > 0) throw new AppError('conflict', assessmentMessages.stackHasTests);
}
