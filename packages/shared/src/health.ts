import { z } from 'zod';

export const healthResponseSchema = z.object({
  // 'draining': this process was told to stop (SIGTERM) and is finishing its requests; send new ones elsewhere.
  // 'degraded': the database is down (503), or the data folder cannot be written (200: everything else works).
  status: z.enum(['ok', 'degraded', 'draining']),
  db: z.enum(['ok', 'down']),
  // 'unwritable': DATA_DIR or its uploads folder takes no files (read-only, full, gone): uploads fail.
  storage: z.enum(['ok', 'unwritable']),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
