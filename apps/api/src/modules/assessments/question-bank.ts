import { assessmentMessages, type AdminQuestion, type AdminStack, type CreateStackBody, type QuestionBody, type UpdateStackBody } from '@skillroute/shared/assessments';
import type { AdminContext } from '../../context/service-context';
import type { Executor } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import * as repository from './repository';
import { withOptionIds } from './rules';

/** The admin's side of the bank (DESIGN.md §4 "Admin": stacks and questions). */

const nameTaken = () => new AppError('conflict', assessmentMessages.stackNameTaken, [{ message: assessmentMessages.stackNameTaken, field: 'name' }]);

async function stackOrNotFound(db: Executor, id: string): Promise<AdminStack> {
  const stack = await repository.findAdminStack(db, id);
  if (stack === undefined) throw new AppError('not_found', assessmentMessages.stackNotFound);
  return stack;
}

export async function listStacksForAdmin({ db }: AdminContext): Promise<AdminStack[]> {
  return repository.listAdminStacks(db);
}

/** A new stack; names are unique whatever their case ("react" and "React" are one stack). */
export async function createStack({ db }: AdminContext, body: CreateStackBody): Promise<AdminStack> {
  try {
    return await stackOrNotFound(db, await repository.insertStack(db, body));
  } catch (error) {
    if (isUniqueViolation(error, 'stacks_name_unique')) throw nameTaken();
    throw error;
  }
}

/** Rename, deactivate (no longer offered to applicants) or reactivate a stack. */
export async function updateStack({ db }: AdminContext, id: string, body: UpdateStackBody): Promise<AdminStack> {
  try {
    if (!(await repository.updateStack(db, id, body))) throw new AppError('not_found', assessmentMessages.stackNotFound);
  } catch (error) {
    if (isUniqueViolation(error, 'stacks_name_unique')) throw nameTaken();
    throw error;
  }
  return stackOrNotFound(db, id);
}

/**
 * A stack goes with its questions, but only while nobody has taken a test in it: tests and mentors' skills
 * name their stack, so one with history is deactivated instead (409 says so).
 */
export async function deleteStack({ db }: AdminContext, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if ((await repository.findStack(tx, id)) === undefined) throw new AppError('not_found', assessmentMessages.stackNotFound);
      if ((await repository.countTestsOfStack(tx, id)) > 0) throw new AppError('conflict', assessmentMessages.stackHasTests);
      await repository.deleteStack(tx, id);
    });
  } catch (error) {
    // Someone applied between the count and the delete: their test now names the stack.
    if (isForeignKeyViolation(error)) throw new AppError('conflict', assessmentMessages.stackHasTests);
    throw error;
  }
}

export async function listStackQuestions({ db }: AdminContext, stackId: string): Promise<{ stack: AdminStack; questions: AdminQuestion[] }> {
  const stack = await stackOrNotFound(db, stackId);
  return { stack, questions: await repository.listQuestions(db, stackId) };
}

export async function addQuestion({ db }: AdminContext, stackId: string, body: QuestionBody): Promise<AdminQuestion> {
  await stackOrNotFound(db, stackId);
  return repository.insertQuestion(db, { stackId, text: body.text, options: withOptionIds(body.options), isActive: body.isActive });
}

/** An edit replaces the text and options; tests already drawn keep the question as it was. */
export async function editQuestion({ db }: AdminContext, id: string, body: QuestionBody): Promise<AdminQuestion> {
  const question = await repository.updateQuestion(db, id, { text: body.text, options: withOptionIds(body.options), isActive: body.isActive });
  if (question === undefined) throw new AppError('not_found', assessmentMessages.questionNotFound);
  return question;
}

export async function deleteQuestion({ db }: AdminContext, id: string): Promise<void> {
  if (!(await repository.deleteQuestion(db, id))) throw new AppError('not_found', assessmentMessages.questionNotFound);
}
