import type { LucideIcon } from 'lucide-react';

export interface AdminArea {
  /** Path under /admin/. */
  path: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

/**
 * The admin areas the dashboard links to (spec §2: user management, roadmap management, assessment
 * management). Each joins with one entry when its page lands; none exists yet.
 */
export const adminAreas: AdminArea[] = [];
