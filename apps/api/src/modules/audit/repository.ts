import { count, desc, eq, sql } from 'drizzle-orm';
import type { AdminAction, AdminAuditDetails, AdminTargetType } from '@skillroute/shared/admin-audit';
import type { Executor } from '../../db/client';
import { adminAudit, admins, type AdminAuditRow } from '../../db/schema';

export interface AdminActionValues {
  adminId: string;
  adminEmail: string;
  action: AdminAction;
  targetType: AdminTargetType;
  targetId: string;
  details: AdminAuditDetails;
}

/**
 * The admin's name is copied from their row by the insert itself: the session knows only id and e-mail, and
 * one statement keeps the recording cheap inside the caller's transaction. An unknown admin fails the insert.
 */
export async function insertAdminAction(db: Executor, values: AdminActionValues): Promise<AdminAuditRow> {
  const adminName = sql<string>`(${db.select({ name: admins.name }).from(admins).where(eq(admins.id, values.adminId))})`;
  const [row] = await db
    .insert(adminAudit)
    .values({ ...values, adminName })
    .returning();
  if (row === undefined) throw new Error('inserting an admin action returned no row');
  return row;
}

/** Newest first; the id orders entries of the same instant, so pages never overlap or skip one. */
export async function listAdminActions(
  db: Executor,
  window: { offset: number; limit: number },
): Promise<AdminAuditRow[]> {
  return db
    .select()
    .from(adminAudit)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .offset(window.offset)
    .limit(window.limit);
}

export async function countAdminActions(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(adminAudit);
  return row?.total ?? 0;
}
