import { z } from 'zod';
import { msg } from './i18n/msg';
import { PAGE_MAX, pageInfoSchema, pageQuerySchema } from './paging';

/**
 * The admin audit trail (DESIGN.md §4 "Admin": `GET /api/admin/audit?page=`, every admin action, who, what,
 * which record, when, newest first), written once for the api and the admin pages. An action is named
 * `<target type>.<verb>`; the api stores it as text, so a new action needs no migration, only a name here.
 */

export const adminActions = [
  'roadmap.approve',
  'roadmap.reject',
  'roadmap.list',
  'roadmap.unlist',
  'stack.create',
  'stack.update',
  'stack.delete',
  'question.create',
  'question.update',
  'question.delete',
  'user.block',
  'user.unblock',
  'user.restore_listing',
  'booking.refund',
  'booking.refund_retry',
  'payout.retry',
] as const;
export const adminActionSchema = z.enum(adminActions);
export type AdminAction = z.infer<typeof adminActionSchema>;

/** The kinds of record an action is done to: the part of each action's name before the dot. */
export const adminTargetTypes = ['roadmap', 'stack', 'question', 'user', 'booking', 'payout'] as const;
export const adminTargetTypeSchema = z.enum(adminTargetTypes);
export type AdminTargetType = z.infer<typeof adminTargetTypeSchema>;

/** The target type an action is done to, by its name: `roadmap.approve` → `roadmap`. */
export type AdminActionTarget<A extends AdminAction> =
  A extends `${infer T extends AdminTargetType}.${string}` ? T : never;

export function adminActionTarget<A extends AdminAction>(action: A): AdminActionTarget<A> {
  return action.slice(0, action.indexOf('.')) as AdminActionTarget<A>;
}

/** A few facts worth keeping with the action (a rejection's feedback, a stack's old and new name); never a whole record. */
export const adminAuditDetailsSchema = z.record(z.string(), z.unknown());
export type AdminAuditDetails = z.infer<typeof adminAuditDetailsSchema>;

/** Entries per page of the trail. */
export const ADMIN_AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/audit?page=`: pages count from 1. */
export const adminAuditQuerySchema = z.object({
  page: pageQuerySchema({
    type: msg('page must be a number'),
    int: msg('page must be a whole number'),
    min: msg('page must be at least 1'),
    max: msg('page must not exceed {max}', { max: PAGE_MAX }),
  }),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/**
 * One action. `admin` is who did it as they were then (their name and e-mail are kept with the entry);
 * `admin.id` is null once that admin account was deleted, and the entry stays. `targetId` is text, so the id
 * of a record deleted since still reads.
 */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  admin: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  action: adminActionSchema,
  targetType: adminTargetTypeSchema,
  targetId: z.string(),
  details: adminAuditDetailsSchema,
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditListResponseSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  total: z.number().int().nonnegative(),
  ...pageInfoSchema,
});
export type AdminAuditListResponse = z.infer<typeof adminAuditListResponseSchema>;
