import {
  ADMIN_AUDIT_PAGE_SIZE,
  type AdminAction,
  type AdminActionTarget,
  type AdminAuditDetails,
  type AdminAuditEntry,
  type AdminAuditListResponse,
} from '@skillroute/shared/admin-audit';
import type { Executor } from '../../db/client';
import type { AdminAuditRow } from '../../db/schema';
import { pageWindow } from '../../lib/paging';
import * as repository from './repository';

/** Who acts: what an admin's session knows of them. */
export interface AuditAdmin {
  id: string;
  email: string;
}

/** One action to record. The target type is the one the action names (`roadmap.reject` is done to a `roadmap`). */
export type AdminActionEntry = {
  [A in AdminAction]: {
    action: A;
    targetType: AdminActionTarget<A>;
    /** The record's id, kept as text: it still reads after the record is deleted. */
    targetId: string;
    /** A few facts worth keeping (a rejection's feedback, an old and a new name); never a whole record. */
    details?: AdminAuditDetails;
  };
}[AdminAction];

/**
 * Records an admin action with `executor`, the transaction of the change it records: the change and its
 * entry commit together or not at all, so the trail never shows what did not happen nor misses what did.
 */
export async function recordAdminAction(
  executor: Executor,
  admin: AuditAdmin,
  entry: AdminActionEntry,
): Promise<void> {
  await repository.insertAdminAction(executor, {
    adminId: admin.id,
    adminEmail: admin.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}

/** One page of the trail (pages count from 1), newest first, with how many entries there are in all. */
export async function listAdminActions(
  db: Executor,
  options: { page: number; limit?: number },
): Promise<AdminAuditListResponse> {
  const limit = options.limit ?? ADMIN_AUDIT_PAGE_SIZE;
  const rows = await repository.listAdminActions(db, pageWindow(options.page, limit));
  const total = await repository.countAdminActions(db);
  return { entries: rows.map(toAdminAuditEntry), total, page: options.page, limit };
}

function toAdminAuditEntry(row: AdminAuditRow): AdminAuditEntry {
  return {
    id: row.id,
    admin: { id: row.adminId, name: row.adminName, email: row.adminEmail },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
