import { parseConfig } from './config';
import type { Seeder } from './db/seed';
import { createDemoAdminSeeder } from './seeders/demo-admin';
import { createDemoBookingsSeeder } from './seeders/demo-bookings/seeder';
import { createDemoEarningsSeeder } from './seeders/demo-earnings/seeder';
import { createDemoAssessmentsSeeder } from './seeders/demo-assessments/seeder';
import { createDemoMentorsSeeder } from './seeders/demo-mentors/seeder';
import { createDemoRoadmapsSeeder } from './seeders/demo-roadmaps/seeder';

/**
 * Demo data run at start-up when SEED_DEMO is on, in this order. Each feature adds its seeder here
 * (stacks and questions, mentors, roadmaps, the demo admin); each runs once per database.
 */
export const demoSeeders: readonly Seeder[] = [
  // The data folder as the server's own configuration names it (same environment, same rules).
  createDemoAdminSeeder(() => parseConfig(process.env).dataDir),
  createDemoRoadmapsSeeder(),
  createDemoAssessmentsSeeder(),
  // After the assessments: it lists their mentors and looks their stacks up by name.
  createDemoMentorsSeeder(),
  // After the mentors: their past sessions and reviews.
  createDemoBookingsSeeder(),
  // After the sessions: what they earned, and one payout.
  createDemoEarningsSeeder(),
];
