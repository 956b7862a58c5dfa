import { localeOfUser } from '../users/service';
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
import type { ServiceContext, UserContext } from '../../context/service-context';
import type { UnitOfWork } from '../../context/unit-of-work';
import type { AssessmentTestRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { addMentorSkill } from '../mentors/service';
import * as repository from './repository';
import {
  assertAnswers,
  assertApplicant,
  assertInProgress,
  assertMayApply,
  assertOwnTest,
  assertStarted,
  drawQuestions,
  expiryOf,
  hasLapsed,
  isOnTime,
  resultNotice,
  retryAtOf,
  scoreAnswers,
  testInProgress,
  toAnswerList,
  toAnswerMap,
} from './rules';

/** `GET /api/assessment`: the stacks offered to applicants. */
export async function listStacks(ctx: ServiceContext): Promise<Stack[]> {
  return repository.listActiveStacks(ctx.db);
}

/**
 * Ends a test: scores the answers, and on a pass makes the taker a mentor with the application's profile
 * and the stack as an assessed skill, all in the caller's transaction. The notification rings once that
 * transaction has committed (`emit`).
 */
async function finish(
  uow: UnitOfWork,
  test: AssessmentTestRow,
  answers: Record<string, string>,
  now: Date,
  late: boolean,
): Promise<AssessmentTestRow> {
  const { tx, notify } = uow;
  const outcome = scoreAnswers(test.questions, answers);
  await repository.finishTest(tx, test.id, {
    status: outcome.passed ? 'passed' : 'failed',
    score: outcome.score,
    submittedAt: now,
    late,
    answers,
  });
  if (outcome.passed)
    await addMentorSkill(
      { uow },
      { userId: test.userId, stackId: test.stackId, testId: test.id, profile: test.application },
    );
  const stack = await repository.findStack(tx, test.stackId);
  await notify(
    test.userId,
    resultNotice(stack?.name ?? 'skill', outcome, await localeOfUser(tx, test.userId)),
  );
  return {
    ...test,
    ...outcome,
    status: outcome.passed ? 'passed' : 'failed',
    submittedAt: now,
    late,
    answers,
  };
}

/** A test whose clock ran out without a submission is scored with the answers saved in time; one never started has no clock. */
async function finishIfOverdue(
  uow: UnitOfWork,
  test: AssessmentTestRow,
  now: Date,
): Promise<AssessmentTestRow> {
  if (test.status !== 'in_progress' || test.expiresAt === null || isOnTime(test.expiresAt, now)) return test;
  return finish(uow, test, test.answers, now, true);
}

/** `GET /api/assessment/tests`: one's own tests, newest first. */
export async function listOwnTests(ctx: UserContext): Promise<OwnTest[]> {
  return repository.listTestsOfUser(ctx.db, ctx.user.id);
}

/**
 * `POST /api/assessment/tests`: the application, and a test drawn for it, waiting for its taker to press
 * Start (its clock does not run yet). Refused with 404 ("no tests") when the stack is unknown, inactive or
 * has fewer than 10 active questions; 409 when the applicant is assessed in it already, failed it within a
 * day, or has a test open (running, or waiting to be started).
 */
export async function applyForStack(
  ctx: UserContext,
  application: MentorApplication,
): Promise<{ id: string }> {
  const userId = ctx.user.id;
  assertApplicant(userId, application.userId);
  const now = ctx.clock.now();
  try {
    const id = await ctx.unitOfWork(async (uow) => {
      const { tx } = uow;
      const history = await repository.lockTestsOfUser(tx, userId);
      // A test left to run out (the tab was closed) is scored now, so it neither blocks nor vanishes; one
      // never started within its day lapses: it holds no answers and never counts as a fail.
      const current: AssessmentTestRow[] = [];
      for (const test of history) {
        if (hasLapsed(test, now)) await repository.deleteTest(tx, test.id);
        else current.push(await finishIfOverdue(uow, test, now));
      }
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
        createdAt: now,
      });
    });
    return { id };
  } catch (error) {
    // Two applications at once: the one-test-at-a-time index lets one through.
    if (isUniqueViolation(error, 'assessment_tests_one_in_progress_idx')) throw testInProgress();
    throw error;
  }
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
  const started = test.startedAt !== null;
  return {
    id: test.id,
    stack,
    status: test.status,
    durationSeconds: TEST_DURATION_SECONDS,
    startedAt: test.startedAt?.toISOString() ?? null,
    expiresAt: test.expiresAt?.toISOString() ?? null,
    serverTime: now.toISOString(),
    // Never the answer key: only ids and texts leave the server, and only once the clock runs.
    questions: started
      ? test.questions.map((question) => ({
          id: question.id,
          text: question.text,
          options: question.options.map(({ id, text }) => ({ id, text })),
        }))
      : [],
    answers: toAnswerList(test.answers),
    result: resultOf(test),
  };
}

/** `GET /api/assessment/tests/:id`: the test for its taker, scored first if its time ran out unsubmitted. */
export async function getTest(ctx: UserContext, testId: string): Promise<AssessmentTest> {
  const now = ctx.clock.now();
  return ctx.unitOfWork(async (uow) => {
    const found = await repository.findTest(uow.tx, testId, { lock: true });
    assertOwnTest(found, ctx.user.id);
    const test = await finishIfOverdue(uow, found, now);
    const stack = await repository.findStack(uow.tx, test.stackId);
    return toView(test, { id: test.stackId, name: stack?.name ?? '' }, now);
  });
}

/**
 * `POST /api/assessment/tests/:id/start`: the taker pressed Start on the introduction, and the clock starts
 * now. Pressing it again (a second tab, a double click) changes nothing and answers the running test; a
 * finished test, or one left unstarted past its day, is refused with 409.
 */
export async function startTest(ctx: UserContext, testId: string): Promise<AssessmentTest> {
  const now = ctx.clock.now();
  return ctx.unitOfWork(async (uow) => {
    const found = await repository.findTest(uow.tx, testId, { lock: true });
    assertOwnTest(found, ctx.user.id);
    assertInProgress(found.status);
    let test = found;
    if (test.startedAt === null) {
      if (hasLapsed(test, now)) throw new AppError('conflict', assessmentMessages.lapsed);
      const clock = { startedAt: now, expiresAt: expiryOf(now) };
      await repository.startTest(uow.tx, test.id, clock);
      test = { ...test, ...clock };
    } else {
      test = await finishIfOverdue(uow, test, now);
    }
    const stack = await repository.findStack(uow.tx, test.stackId);
    return toView(test, { id: test.stackId, name: stack?.name ?? '' }, now);
  });
}

/** `PUT /api/assessment/tests/:id/answers`: one choice saved as it is made, while the clock runs. */
export async function saveAnswer(
  ctx: UserContext,
  input: { testId: string; body: SaveAnswerBody },
): Promise<{ answers: { questionId: string; optionId: string }[] }> {
  const { testId, body } = input;
  return ctx.unitOfWork(async ({ tx }) => {
    const test = await repository.findTest(tx, testId, { lock: true });
    assertOwnTest(test, ctx.user.id);
    assertInProgress(test.status);
    assertStarted(test);
    if (!isOnTime(test.expiresAt, ctx.clock.now())) throw new AppError('conflict', assessmentMessages.timeUp);
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
export async function submitTest(ctx: UserContext, body: SubmitTestBody): Promise<TestResult> {
  const now = ctx.clock.now();
  const finished = await ctx.unitOfWork(async (uow) => {
    const test = await repository.findTest(uow.tx, body.testId, { lock: true });
    assertOwnTest(test, ctx.user.id);
    assertInProgress(test.status);
    assertStarted(test);
    assertAnswers(test.questions, body.answers);
    const onTime = isOnTime(test.expiresAt, now);
    return finish(uow, test, onTime ? toAnswerMap(body.answers) : test.answers, now, !onTime);
  });
  const result = resultOf(finished);
  if (result === null) throw new Error('a finished test has no result');
  return result;
}
