import { z } from 'zod';

export const healthResponseSchema = z.object({
  // 'draining': this process was told to stop (SIGTERM) and is finishing its requests; send new ones elsewhere.
  status: z.enum(['ok', 'degraded', 'draining']),
  db: z.enum(['ok', 'down']),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
