import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AdminAction, AdminAuditDetails, AdminTargetType } from '@skillroute/shared/admin-audit';
import { admins } from './admins';
import { citext, createdAt } from './columns';

/**
 * Who did what to which record, when (DESIGN.md §4 "Admin"): one row per admin action, written in the
 * transaction of the change it records, so a change that rolls back leaves no entry and none commits without one.
 *
 * The trail outlives what it names. `adminId` is set null when the admin account is deleted (restrict would
 * make deleting an admin mean deleting their trail first), so the admin's name and e-mail are kept with each
 * row as they were then. `targetId` is text without a foreign key, so a deleted stack or question still
 * shows its id. `action` and `targetType` are text typed by the shared lists (no database check): a new action needs no migration.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    adminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    adminName: text().notNull(),
    adminEmail: citext().notNull(),
    action: text().$type<AdminAction>().notNull(),
    targetType: text().$type<AdminTargetType>().notNull(),
    targetId: text().notNull(),
    details: jsonb().$type<AdminAuditDetails>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    // The trail's pages, newest first; the id orders the entries of one instant so pages never overlap.
    index('admin_audit_created_at_id_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // One record's history: everything done to this roadmap or that user.
    index('admin_audit_target_idx').on(table.targetType, table.targetId),
    // Finding an admin's entries when the account is deleted (the set null), and an admin's own history.
    index('admin_audit_admin_id_idx').on(table.adminId),
    check('admin_audit_details_object', sql`jsonb_typeof(${table.details}) = 'object'`),
  ],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;
