import {
  assessmentMessages,
  type AdminQuestion,
  type AdminStack,
  type CreateStackBody,
  type QuestionBody,
  type UpdateStackBody,
} from '@skillroute/shared/assessments';
import type { AdminContext } from '../../context/service-context';
import type { Executor } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { recordAdminAction } from '../audit/service';
import * as repository from './repository';
import { assertStackDeletable, changesOf, sameOptions, withOptionIds } from './rules';

/**
 * The admin's side of the bank (DESIGN.md §4 "Admin": stacks and questions). Every change is a unit of work
 * that records who made it in the audit trail: the change and its entry commit together or not at all.
 */

const nameTaken = () =>
  new AppError('conflict', assessmentMessages.stackNameTaken, [
    { message: assessmentMessages.stackNameTaken, field: 'name' },
  ]);

async function stackOrNotFound(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const stack = await repository.findStack(db, id, options);
  if (stack === undefined) throw new AppError('not_found', assessmentMessages.stackNotFound);
  return stack;
}

async function adminStackOrNotFound(db: Executor, id: string): Promise<AdminStack> {
  const stack = await repository.findAdminStack(db, id);
  if (stack === undefined) throw new AppError('not_found', assessmentMessages.stackNotFound);
  return stack;
}

export async function listStacksForAdmin({ db }: AdminContext): Promise<AdminStack[]> {
  return repository.listAdminStacks(db);
}

/** A new stack; names are unique whatever their case ("react" and "React" are one stack). */
export async function createStack(ctx: AdminContext, body: CreateStackBody): Promise<AdminStack> {
  try {
    return await ctx.unitOfWork(async ({ tx }) => {
      const stack = await adminStackOrNotFound(tx, await repository.insertStack(tx, body));
      await recordAdminAction(tx, ctx.admin, {
        action: 'stack.create',
        targetType: 'stack',
        targetId: stack.id,
        details: { name: stack.name, isActive: stack.isActive },
      });
      return stack;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'stacks_name_unique')) throw nameTaken();
    throw error;
  }
}

/** Rename, deactivate (no longer offered to applicants) or reactivate a stack. */
export async function updateStack(ctx: AdminContext, id: string, body: UpdateStackBody): Promise<AdminStack> {
  try {
    return await ctx.unitOfWork(async ({ tx }) => {
      const before = await stackOrNotFound(tx, id, { lock: true });
      await repository.updateStack(tx, id, body);
      const stack = await adminStackOrNotFound(tx, id);
      await recordAdminAction(tx, ctx.admin, {
        action: 'stack.update',
        targetType: 'stack',
        targetId: id,
        details: changesOf(before, stack, ['name', 'isActive']),
      });
      return stack;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'stacks_name_unique')) throw nameTaken();
    throw error;
  }
}

/**
 * A stack goes with its questions, but only while nobody has taken a test in it: tests and mentors' skills
 * name their stack, so one with history is deactivated instead (409 says so).
 */
export async function deleteStack(ctx: AdminContext, id: string): Promise<void> {
  try {
    await ctx.unitOfWork(async ({ tx }) => {
      const stack = await stackOrNotFound(tx, id, { lock: true });
      assertStackDeletable(await repository.countTestsOfStack(tx, id));
      await repository.deleteStack(tx, id);
      await recordAdminAction(tx, ctx.admin, {
        action: 'stack.delete',
        targetType: 'stack',
        targetId: id,
        details: { name: stack.name },
      });
    });
  } catch (error) {
    // Someone applied between the count and the delete: their test now names the stack.
    if (isForeignKeyViolation(error)) throw new AppError('conflict', assessmentMessages.stackHasTests);
    throw error;
  }
}

export async function listStackQuestions(
  { db }: AdminContext,
  stackId: string,
): Promise<{ stack: AdminStack; questions: AdminQuestion[] }> {
  const stack = await adminStackOrNotFound(db, stackId);
  return { stack, questions: await repository.listQuestions(db, stackId) };
}

export async function addQuestion(
  ctx: AdminContext,
  stackId: string,
  body: QuestionBody,
): Promise<AdminQuestion> {
  return ctx.unitOfWork(async ({ tx }) => {
    const stack = await stackOrNotFound(tx, stackId);
    const question = await repository.insertQuestion(tx, {
      stackId,
      text: body.text,
      options: withOptionIds(body.options),
      isActive: body.isActive,
    });
    await recordAdminAction(tx, ctx.admin, {
      action: 'question.create',
      targetType: 'question',
      targetId: question.id,
      details: { stackId, stackName: stack.name, text: question.text, isActive: question.isActive },
    });
    return question;
  });
}

/** An edit replaces the text and options; tests already drawn keep the question as it was. */
export async function editQuestion(
  ctx: AdminContext,
  id: string,
  body: QuestionBody,
): Promise<AdminQuestion> {
  return ctx.unitOfWork(async ({ tx }) => {
    const before = await repository.findQuestion(tx, id, { lock: true });
    if (before === undefined) throw new AppError('not_found', assessmentMessages.questionNotFound);
    const question = await repository.updateQuestion(tx, id, {
      text: body.text,
      options: withOptionIds(body.options),
      isActive: body.isActive,
    });
    if (question === undefined) throw new AppError('not_found', assessmentMessages.questionNotFound);
    const stack = await repository.findStack(tx, before.stackId);
    const changed = [
      ...Object.keys(changesOf(before, question, ['text', 'isActive'])),
      ...(sameOptions(before.options, question.options) ? [] : ['options']),
    ];
    await recordAdminAction(tx, ctx.admin, {
      action: 'question.update',
      targetType: 'question',
      targetId: id,
      details: { stackId: before.stackId, stackName: stack?.name ?? null, text: question.text, changed },
    });
    return question;
  });
}

export async function deleteQuestion(ctx: AdminContext, id: string): Promise<void> {
  await ctx.unitOfWork(async ({ tx }) => {
    const question = await repository.findQuestion(tx, id, { lock: true });
    if (question === undefined || !(await repository.deleteQuestion(tx, id)))
      throw new AppError('not_found', assessmentMessages.questionNotFound);
    const stack = await repository.findStack(tx, question.stackId);
    await recordAdminAction(tx, ctx.admin, {
      action: 'question.delete',
      targetType: 'question',
      targetId: id,
      details: { stackId: question.stackId, stackName: stack?.name ?? null, text: question.text },
    });
  });
}
