import { z } from 'zod';
import { errorMessages } from './errors';
import { idSchema } from './ids';
import { msg } from './i18n/msg';

/**
 * Skill tests and the question bank (spec §7 "Assessment", DESIGN.md §4 "Assessments and becoming a
 * mentor" and "Admin"), written once for the api, the test page and the admin pages.
 */
export const TEST_QUESTION_COUNT = 10;
export const TEST_DURATION_SECONDS = 900;
/** Percent of the questions answered right that passes (DESIGN.md §4). */
export const PASS_MARK_PERCENT = 70;
/** A submission this long after the clock ran out still counts as on time: the network is not instant. */
export const SUBMIT_GRACE_SECONDS = 30;
/** How long after failing a stack's test it can be taken again. */
export const RETRY_AFTER_HOURS = 24;
/** How long a test applied for waits for its taker to press Start before it lapses (it never counts as a fail). */
export const START_WITHIN_HOURS = 24;
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 6;
export const QUESTION_TEXT_MAX = 1000;
export const OPTION_TEXT_MAX = 300;
export const STACK_NAME_MAX = 50;

export const TEST_STATUSES = ['in_progress', 'passed', 'failed'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

export const assessmentMessages = {
  loadingStacks: msg('Loading stacks...'),
  stacksError: msg('Error loading stacks.'),
  // Ours (the spec shows none for these).
  stackNotFound: msg('Stack not found.'),
  stackNameRequired: msg('Stack name is required'),
  stackNameMax: msg('Stack name must not exceed {max} characters', { max: STACK_NAME_MAX }),
  stackNameTaken: msg('A stack with this name already exists.'),
  stackHasTests: msg('Tests were taken in this stack, so it cannot be deleted: deactivate it instead.'),
  questionNotFound: msg('Question not found.'),
  questionTextRequired: msg('Question text is required'),
  questionTextMax: msg('Question text must not exceed {max} characters', { max: QUESTION_TEXT_MAX }),
  optionTextRequired: msg('Option text is required'),
  optionTextMax: msg('Option text must not exceed {max} characters', { max: OPTION_TEXT_MAX }),
  optionsMin: msg('A question needs at least {min} options', { min: QUESTION_OPTIONS_MIN }),
  optionsMax: msg('A question can have at most {max} options', { max: QUESTION_OPTIONS_MAX }),
  oneCorrect: msg('Mark exactly one option as correct'),
  optionsDistinct: msg('Options must differ from each other'),
  testNotFound: msg('Test not found.'),
  notYourTest: msg('This test belongs to someone else.'),
  alreadySubmitted: msg('This test has already been submitted.'),
  timeUp: msg('Time is up: answers can no longer be changed.'),
  unknownQuestion: msg('This question is not part of the test.'),
  unknownOption: msg('This answer is not one of the question’s options.'),
  answeredTwice: msg('Each question can be answered once.'),
  testInProgress: msg('You have a test in progress. Finish it before starting another.'),
  notStarted: msg('This test has not started yet: start it first.'),
  lapsed: msg('This test was not started within {hours} hours and has lapsed. Apply again to take it.', {
    hours: START_WITHIN_HOURS,
  }),
} as const;

/** Texts that name a stack or a time, made in one place so the api and the tests agree. */
export const assessmentTexts = {
  alreadyAssessed: (stack: string) => msg('You have already passed the {stack} test.', { stack }),
  retryLater: (stack: string, hours: number) =>
    hours === 1
      ? msg('You can take the {stack} test again in {hours} hour.', { stack, hours })
      : msg('You can take the {stack} test again in {hours} hours.', { stack, hours }),
  passedNotice: (stack: string, score: number, total: number) =>
    msg(
      'You passed the {stack} test with {score}/{total}. You are now a mentor: {stack} is on your profile as an assessed skill.',
      { stack, score, total },
    ),
  failedNotice: (stack: string, score: number, total: number) =>
    msg(
      'You scored {score}/{total} on the {stack} test; the pass mark is {passMark}%. You can try again in {hours} hours.',
      { stack, score, total, passMark: PASS_MARK_PERCENT, hours: RETRY_AFTER_HOURS },
    ),
};

/** `GET /api/assessment`: the stacks one can apply for (spec §3 "Stack"). */
export const stackSchema = z.object({ id: z.string(), name: z.string() });
export type Stack = z.infer<typeof stackSchema>;
export const stackListSchema = z.array(stackSchema);
export type StackList = z.infer<typeof stackListSchema>;

/** A question as a test taker sees it: never which option is right. */
export const testQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type TestQuestion = z.infer<typeof testQuestionSchema>;

export const answerSchema = z.object({ questionId: idSchema, optionId: idSchema });
export type Answer = z.infer<typeof answerSchema>;

export const testResultSchema = z.object({
  score: z.number().int(),
  total: z.number().int(),
  passed: z.boolean(),
  passMark: z.number().int(),
  /** True when the answers came after the clock (and its grace) ran out: what was saved in time was scored. */
  late: z.boolean(),
  submittedAt: z.string(),
  /** When a failed stack can be tried again. */
  retryAt: z.string().nullable(),
});
export type TestResult = z.infer<typeof testResultSchema>;

/**
 * `GET /api/assessment/tests/:id`. `serverTime` lets the page run its countdown on the server's clock
 * however wrong the device's is; `answers` are those saved so far, so a reload loses nothing. Until the taker
 * presses Start (`POST /api/assessment/tests/:id/start`, after the introduction) `startedAt` and `expiresAt`
 * are null and no questions are sent (decision 025).
 */
export const testSchema = z.object({
  id: z.string(),
  stack: stackSchema,
  status: z.enum(TEST_STATUSES),
  durationSeconds: z.number().int(),
  startedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  serverTime: z.string(),
  questions: z.array(testQuestionSchema),
  answers: z.array(answerSchema),
  result: testResultSchema.nullable(),
});
export type AssessmentTest = z.infer<typeof testSchema>;

export const testIdParamsSchema = z.object({ id: idSchema });

/** Why an application was refused, where the client acts on it: a test is already running (resume it). */
export const assessmentReasons = { testInProgress: 'test_in_progress' } as const;

/** `GET /api/assessment/tests`: one's own tests, newest first (a running one can be resumed from here). */
export const ownTestSchema = z.object({
  id: z.string(),
  stack: stackSchema,
  status: z.enum(TEST_STATUSES),
  /** Null while the test waits on its introduction for the taker to press Start. */
  startedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  score: z.number().int().nullable(),
  total: z.number().int(),
});
export type OwnTest = z.infer<typeof ownTestSchema>;
export const ownTestListSchema = z.object({ tests: z.array(ownTestSchema) });
export type OwnTestList = z.infer<typeof ownTestListSchema>;

/** `PUT /api/assessment/tests/:id/answers`: one choice, saved as it is made; `optionId: null` clears it. */
export const saveAnswerBodySchema = z.object({ questionId: idSchema, optionId: idSchema.nullable() });
export type SaveAnswerBody = z.infer<typeof saveAnswerBodySchema>;
/** What it answers: every answer saved so far. */
export const savedAnswersResponseSchema = z.object({ answers: z.array(answerSchema) });
export type SavedAnswersResponse = z.infer<typeof savedAnswersResponseSchema>;

/** `POST /api/assessment/tests/submit`. Unanswered questions are simply left out. */
export const submitTestBodySchema = z.object({
  testId: idSchema,
  answers: z.array(answerSchema).max(TEST_QUESTION_COUNT, assessmentMessages.unknownQuestion),
});
export type SubmitTestBody = z.infer<typeof submitTestBodySchema>;

// --- Admin: stacks and questions ---

export const stackNameSchema = z
  .string({ error: assessmentMessages.stackNameRequired })
  .trim()
  .min(1, assessmentMessages.stackNameRequired)
  .max(STACK_NAME_MAX, assessmentMessages.stackNameMax);

export const createStackBodySchema = z.object({ name: stackNameSchema, isActive: z.boolean().optional() });
export const updateStackBodySchema = z
  .object({
    name: stackNameSchema.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.isActive !== undefined, errorMessages.nothingToUpdate);
export type CreateStackBody = z.infer<typeof createStackBodySchema>;
export type UpdateStackBody = z.infer<typeof updateStackBodySchema>;

/** A stack in the admin's list, with how many questions it has and how many can be drawn. */
export const adminStackSchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  questionCount: z.number().int(),
  activeQuestionCount: z.number().int(),
});
export type AdminStack = z.infer<typeof adminStackSchema>;
export const adminStackListSchema = z.object({ stacks: z.array(adminStackSchema) });
export const adminStackResponseSchema = z.object({ stack: adminStackSchema });
export type AdminStackList = z.infer<typeof adminStackListSchema>;
export type AdminStackResponse = z.infer<typeof adminStackResponseSchema>;

export const questionOptionSchema = z.object({
  text: z
    .string({ error: assessmentMessages.optionTextRequired })
    .trim()
    .min(1, assessmentMessages.optionTextRequired)
    .max(OPTION_TEXT_MAX, assessmentMessages.optionTextMax),
  isCorrect: z.boolean({ error: 'isCorrect must be true or false' }),
});

/** A question of the bank (DESIGN.md §4): 2 to 6 distinct options, exactly one of them correct. */
export const questionBodySchema = z.object({
  text: z
    .string({ error: assessmentMessages.questionTextRequired })
    .trim()
    .min(1, assessmentMessages.questionTextRequired)
    .max(QUESTION_TEXT_MAX, assessmentMessages.questionTextMax),
  options: z
    .array(questionOptionSchema, { error: assessmentMessages.optionsMin })
    .min(QUESTION_OPTIONS_MIN, assessmentMessages.optionsMin)
    .max(QUESTION_OPTIONS_MAX, assessmentMessages.optionsMax)
    .refine(
      (options) => options.filter((option) => option.isCorrect).length === 1,
      assessmentMessages.oneCorrect,
    )
    .refine(
      (options) => new Set(options.map((option) => option.text.trim().toLowerCase())).size === options.length,
      assessmentMessages.optionsDistinct,
    ),
  /** Inactive questions stay in the bank but are not drawn. */
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type QuestionBody = z.infer<typeof questionBodySchema>;
export type QuestionInput = z.input<typeof questionBodySchema>;

/** A question as only admins see it: with the right answer. */
export const adminQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  isActive: z.boolean(),
  options: z.array(z.object({ id: z.string(), text: z.string(), isCorrect: z.boolean() })),
  updatedAt: z.string(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionListSchema = z.object({
  stack: adminStackSchema,
  questions: z.array(adminQuestionSchema),
});
export const adminQuestionResponseSchema = z.object({ question: adminQuestionSchema });
export type AdminQuestionList = z.infer<typeof adminQuestionListSchema>;
export type AdminQuestionResponse = z.infer<typeof adminQuestionResponseSchema>;

export const stackIdParamsSchema = z.object({ id: idSchema });
