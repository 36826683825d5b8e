import { z } from 'zod';

const dependencySchema = z.object({ up: z.boolean(), latencyMs: z.number(), detail: z.string().optional() });

/** GET /api/health: 200 when every dependency is up, 503 with the same report otherwise. */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.object({
    postgres: dependencySchema,
    redis: dependencySchema,
    elasticsearch: dependencySchema,
  }),
});
