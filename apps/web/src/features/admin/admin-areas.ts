import { ClipboardCheck, Map as MapIcon, type LucideIcon } from 'lucide-react';

export interface AdminArea {
  /** Path under /admin/. */
  path: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

/**
 * The admin areas the dashboard links to (spec §2: user management, roadmap management, assessment
 * management). Each joins with one entry when its page lands.
 */
export const adminAreas: AdminArea[] = [
  {
    path: 'roadmap-management',
    title: 'Roadmap management',
    description: 'Review submitted roadmaps, approve or reject them with feedback, and list or unlist published ones.',
    icon: MapIcon,
  },
  {
    path: 'assessment-managment',
    title: 'Assessment management',
    description: 'Keep the skill tests: add, rename and deactivate stacks, and write the questions mentors are tested on.',
    icon: ClipboardCheck,
  },
];
