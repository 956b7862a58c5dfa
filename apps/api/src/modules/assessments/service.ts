import {
  PASS_MARK_PERCENT,
  assessmentMessages,
  type OwnTest,
  TEST_DURATION_SECONDS,
  type AssessmentTest,
  type SaveAnswerBody,
  type Stack,
  type SubmitTestBody,
  type TestResult,
} from '@skillroute/shared/assessments';
import { mentorMessages, type MentorApplication } from '@skillroute/shared/mentors';
import type { Database, Transaction } from '../../db/client';
import type { AssessmentTestRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { addMentorSkill } from '../mentors/service';
import type { Notifications, PendingNotification } from '../notifications/service';
import * as repository from './repository';
import {
  assertAnswers,
  assertApplicant,
  assertInProgress,
  assertMayApply,
  assertOwnTest,
  drawQuestions,
  expiryOf,
  isOnTime,
  resultNotice,
  retryAtOf,
  scoreAnswers,
  testInProgress,
  toAnswerList,
  toAnswerMap,
} from './rules';

/** `GET /api/assessment`: the stacks offered to applicants. */
export async function listStacks(db: Database): Promise<Stack[]> {
  return repository.listActiveStacks(db);
}

/**
 * Ends a test: scores the answers, and on a pass makes the taker a mentor with the application's profile
 * and the stack as an assessed skill, all in the caller's transaction. The notification rings once that
 * transaction has committed (`emit`).
 */
async function finish(tx: Transaction, notifications: Notifications, test: AssessmentTestRow, answers: Record<string, string>, now: Date, late: boolean) {
  const outcome = scoreAnswers(test.questions, answers);
  await repository.finishTest(tx, test.id, { status: outcome.passed ? 'passed' : 'failed', score: outcome.score, submittedAt: now, late, answers });
  if (outcome.passed) await addMentorSkill(tx, test.userId, test.stackId, test.id, test.application);
  const stack = await repository.findStack(tx, test.stackId);
  const pending = await notifications.record(tx, test.userId, resultNotice(stack?.name ?? 'skill', outcome));
  return { pending, finished: { ...test, ...outcome, status: outcome.passed ? ('passed' as const) : ('failed' as const), submittedAt: now, late, answers } };
}

/** A test whose clock ran out without a submission is scored with the answers saved in time. */
async function finishIfOverdue(tx: Transaction, notifications: Notifications, test: AssessmentTestRow, now: Date, pending: PendingNotification[]): Promise<AssessmentTestRow> {
  if (test.status !== 'in_progress' || isOnTime(test.expiresAt, now)) return test;
  const done = await finish(tx, notifications, test, test.answers, now, true);
  pending.push(done.pending);
  return done.finished;
}

/** `GET /api/assessment/tests`: one's own tests, newest first. */
export async function listOwnTests(db: Database, userId: string): Promise<OwnTest[]> {
  return repository.listTestsOfUser(db, userId);
}

/**
 * `POST /api/assessment/tests`: the application, and a test drawn for it. Refused with 404 ("no tests")
 * when the stack is unknown, inactive or has fewer than 10 active questions; 409 when the applicant is
 * assessed in it already, failed it within a day, or has a test running.
 */
export async function applyForStack(db: Database, notifications: Notifications, userId: string, application: MentorApplication): Promise<{ id: string }> {
  assertApplicant(userId, application.userId);
  const pending: PendingNotification[] = [];
  const now = new Date();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const history = await repository.lockTestsOfUser(tx, userId);
      // A test left to run out (the tab was closed) is scored now, so it neither blocks nor vanishes.
      const current: AssessmentTestRow[] = [];
      for (const test of history) current.push(await finishIfOverdue(tx, notifications, test, now, pending));
      const stack = await repository.findStack(tx, application.stackId);
      if (stack === undefined || !stack.isActive) throw new AppError('not_found', mentorMessages.noTests);
      if (current.some((test) => test.status === 'in_progress')) throw testInProgress();
      assertMayApply(
        stack.name,
        current.filter((test) => test.stackId === stack.id),
        now,
      );
      const drawn = drawQuestions(await repository.activeBank(tx, stack.id));
      if (drawn === undefined) throw new AppError('not_found', mentorMessages.noTests);
      const { stackId: _stackId, userId: _userId, expirience, ...profile } = application;
      return repository.insertTest(tx, {
        userId,
        stackId: stack.id,
        application: { ...profile, expirience: Number(expirience) },
        questions: drawn,
        startedAt: now,
        expiresAt: expiryOf(now),
      });
    });
  } catch (error) {
    // Two applications at once: the one-test-at-a-time index lets one through.
    if (isUniqueViolation(error, 'assessment_tests_one_in_progress_idx')) throw testInProgress();
    throw error;
  }
  // Only now that the transaction committed: a result rolled back must not be announced.
  for (const notice of pending) notice.emit();
  return { id };
}

function resultOf(test: AssessmentTestRow): TestResult | null {
  if (test.status === 'in_progress' || test.score === null || test.submittedAt === null) return null;
  return {
    score: test.score,
    total: test.total,
    passed: test.status === 'passed',
    passMark: PASS_MARK_PERCENT,
    late: test.late,
    submittedAt: test.submittedAt.toISOString(),
    retryAt: test.status === 'failed' ? retryAtOf(test.submittedAt).toISOString() : null,
  };
}

function toView(test: AssessmentTestRow, stack: Stack, now: Date): AssessmentTest {
  return {
    id: test.id,
    stack,
    status: test.status,
    durationSeconds: TEST_DURATION_SECONDS,
    startedAt: test.startedAt.toISOString(),
    expiresAt: test.expiresAt.toISOString(),
    serverTime: now.toISOString(),
    // Never the answer key: only ids and texts leave the server.
    questions: test.questions.map((question) => ({ id: question.id, text: question.text, options: question.options.map(({ id, text }) => ({ id, text })) })),
    answers: toAnswerList(test.answers),
    result: resultOf(test),
  };
}

/** `GET /api/assessment/tests/:id`: the test for its taker, scored first if its time ran out unsubmitted. */
export async function getTest(db: Database, notifications: Notifications, userId: string, testId: string): Promise<AssessmentTest> {
  const pending: PendingNotification[] = [];
  const now = new Date();
  const view = await db.transaction(async (tx) => {
    const found = await repository.findTest(tx, testId, { lock: true });
    assertOwnTest(found, userId);
    const test = await finishIfOverdue(tx, notifications, found, now, pending);
    const stack = await repository.findStack(tx, test.stackId);
    return toView(test, { id: test.stackId, name: stack?.name ?? '' }, now);
  });
  for (const notice of pending) notice.emit();
  return view;
}

/** `PUT /api/assessment/tests/:id/answers`: one choice saved as it is made, while the clock runs. */
export async function saveAnswer(db: Database, userId: string, testId: string, body: SaveAnswerBody): Promise<{ answers: { questionId: string; optionId: string }[] }> {
  return db.transaction(async (tx) => {
    const test = await repository.findTest(tx, testId, { lock: true });
    assertOwnTest(test, userId);
    assertInProgress(test.status);
    if (!isOnTime(test.expiresAt, new Date())) throw new AppError('conflict', assessmentMessages.timeUp);
    assertAnswers(test.questions, [body], (_index, key) => key);
    const { [body.questionId]: _previous, ...answers } = test.answers;
    if (body.optionId !== null) answers[body.questionId] = body.optionId;
    await repository.saveAnswers(tx, test.id, answers);
    return { answers: toAnswerList(answers) };
  });
}

/**
 * `POST /api/assessment/tests/submit`: once, by its taker. On time, the answers sent are the final word;
 * late (after the clock and its grace), what was saved in time is scored and the late answers are not.
 */
export async function submitTest(db: Database, notifications: Notifications, userId: string, body: SubmitTestBody): Promise<TestResult> {
  const now = new Date();
  const { pending, finished } = await db.transaction(async (tx) => {
    const test = await repository.findTest(tx, body.testId, { lock: true });
    assertOwnTest(test, userId);
    assertInProgress(test.status);
    assertAnswers(test.questions, body.answers);
    const onTime = isOnTime(test.expiresAt, now);
    return finish(tx, notifications, test, onTime ? toAnswerMap(body.answers) : test.answers, now, !onTime);
  });
  pending.emit();
  const result = resultOf(finished);
  if (result === null) throw new Error('a finished test has no result');
  return result;
}
