import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminQuestion, AdminStack, OwnTest, Stack } from '@skillroute/shared/assessments';
import type { Executor } from '../../db/client';
import { assessmentTests, questions, stacks, type AssessmentTestRow } from '../../db/schema';
import type { BankQuestion, DrawnQuestion } from './rules';

// --- Stacks ---

export async function listActiveStacks(db: Executor): Promise<Stack[]> {
  return db
    .select({ id: stacks.id, name: stacks.name })
    .from(stacks)
    .where(eq(stacks.isActive, true))
    .orderBy(asc(stacks.name));
}

export async function findStack(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<{ id: string; name: string; isActive: boolean } | undefined> {
  const query = db
    .select({ id: stacks.id, name: stacks.name, isActive: stacks.isActive })
    .from(stacks)
    .where(eq(stacks.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

// Written out in full: in a select from one table Drizzle leaves columns unqualified, and a bare "id" in the
// subquery would be the question's own.
const questionCount = sql<number>`(select count(*)::int from questions q where q.stack_id = stacks.id)`;
const activeQuestionCount = sql<number>`(select count(*)::int from questions q where q.stack_id = stacks.id and q.is_active)`;
const adminStackColumns = {
  id: stacks.id,
  name: stacks.name,
  isActive: stacks.isActive,
  questionCount,
  activeQuestionCount,
} as const;

export async function listAdminStacks(db: Executor): Promise<AdminStack[]> {
  return db.select(adminStackColumns).from(stacks).orderBy(asc(stacks.name));
}

export async function findAdminStack(db: Executor, id: string): Promise<AdminStack | undefined> {
  const [row] = await db.select(adminStackColumns).from(stacks).where(eq(stacks.id, id));
  return row;
}

export async function insertStack(
  db: Executor,
  values: { name: string; isActive?: boolean },
): Promise<string> {
  const [row] = await db.insert(stacks).values(values).returning({ id: stacks.id });
  if (row === undefined) throw new Error('the stack row was not written');
  return row.id;
}

/** False when there is no such stack. */
export async function updateStack(
  db: Executor,
  id: string,
  values: { name?: string; isActive?: boolean },
): Promise<boolean> {
  const rows = await db.update(stacks).set(values).where(eq(stacks.id, id)).returning({ id: stacks.id });
  return rows.length > 0;
}

export async function deleteStack(db: Executor, id: string): Promise<void> {
  await db.delete(stacks).where(eq(stacks.id, id));
}

export async function countTestsOfStack(db: Executor, stackId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assessmentTests)
    .where(eq(assessmentTests.stackId, stackId));
  return row?.n ?? 0;
}

// --- Questions ---

function toAdminQuestion(row: typeof questions.$inferSelect): AdminQuestion {
  return {
    id: row.id,
    text: row.text,
    isActive: row.isActive,
    options: row.options,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listQuestions(db: Executor, stackId: string): Promise<AdminQuestion[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.stackId, stackId))
    .orderBy(asc(questions.createdAt), asc(questions.id));
  return rows.map(toAdminQuestion);
}

export async function activeBank(db: Executor, stackId: string): Promise<BankQuestion[]> {
  return db
    .select({ id: questions.id, text: questions.text, options: questions.options })
    .from(questions)
    .where(and(eq(questions.stackId, stackId), eq(questions.isActive, true)));
}

export async function findQuestion(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<(BankQuestion & { stackId: string; isActive: boolean }) | undefined> {
  const query = db
    .select({
      id: questions.id,
      stackId: questions.stackId,
      text: questions.text,
      options: questions.options,
      isActive: questions.isActive,
    })
    .from(questions)
    .where(eq(questions.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertQuestion(
  db: Executor,
  values: { stackId: string; text: string; options: BankQuestion['options']; isActive?: boolean },
): Promise<AdminQuestion> {
  const [row] = await db.insert(questions).values(values).returning();
  if (row === undefined) throw new Error('the question row was not written');
  return toAdminQuestion(row);
}

export async function updateQuestion(
  db: Executor,
  id: string,
  values: { text: string; options: BankQuestion['options']; isActive?: boolean },
): Promise<AdminQuestion | undefined> {
  const [row] = await db.update(questions).set(values).where(eq(questions.id, id)).returning();
  return row === undefined ? undefined : toAdminQuestion(row);
}

/** False when there is no such question. Tests keep their own copy of what they drew, so none is harmed. */
export async function deleteQuestion(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(questions).where(eq(questions.id, id)).returning({ id: questions.id });
  return rows.length > 0;
}

// --- Tests ---

export async function insertTest(
  db: Executor,
  values: {
    userId: string;
    stackId: string;
    application: AssessmentTestRow['application'];
    questions: DrawnQuestion[];
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(assessmentTests)
    .values({ ...values, total: values.questions.length })
    .returning({ id: assessmentTests.id });
  if (row === undefined) throw new Error('the test row was not written');
  return row.id;
}

export async function findTest(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AssessmentTestRow | undefined> {
  const query = db.select().from(assessmentTests).where(eq(assessmentTests.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** One's tests, locked for the length of the caller's transaction, so two applications take turns. */
export async function lockTestsOfUser(tx: Executor, userId: string): Promise<AssessmentTestRow[]> {
  return tx.select().from(assessmentTests).where(eq(assessmentTests.userId, userId)).for('update');
}

export async function listTestsOfUser(db: Executor, userId: string): Promise<OwnTest[]> {
  const rows = await db
    .select({
      id: assessmentTests.id,
      stackId: stacks.id,
      stackName: stacks.name,
      status: assessmentTests.status,
      startedAt: assessmentTests.startedAt,
      expiresAt: assessmentTests.expiresAt,
      score: assessmentTests.score,
      total: assessmentTests.total,
    })
    .from(assessmentTests)
    .innerJoin(stacks, eq(stacks.id, assessmentTests.stackId))
    .where(eq(assessmentTests.userId, userId))
    .orderBy(desc(assessmentTests.createdAt), desc(assessmentTests.id));
  return rows.map(({ stackId, stackName, startedAt, expiresAt, ...test }) => ({
    ...test,
    stack: { id: stackId, name: stackName },
    startedAt: startedAt?.toISOString() ?? null,
    expiresAt: expiresAt?.toISOString() ?? null,
  }));
}

/** Starts a test's clock: from now on it runs, whatever the page does. */
export async function startTest(
  db: Executor,
  id: string,
  values: { startedAt: Date; expiresAt: Date },
): Promise<void> {
  await db.update(assessmentTests).set(values).where(eq(assessmentTests.id, id));
}

/** A test that lapsed before it was started: nothing was answered, nothing is lost. */
export async function deleteTest(db: Executor, id: string): Promise<void> {
  await db.delete(assessmentTests).where(eq(assessmentTests.id, id));
}

export async function saveAnswers(db: Executor, id: string, answers: Record<string, string>): Promise<void> {
  await db.update(assessmentTests).set({ answers }).where(eq(assessmentTests.id, id));
}

export async function finishTest(
  db: Executor,
  id: string,
  values: {
    status: 'passed' | 'failed';
    score: number;
    submittedAt: Date;
    late: boolean;
    answers: Record<string, string>;
  },
): Promise<void> {
  await db.update(assessmentTests).set(values).where(eq(assessmentTests.id, id));
}
