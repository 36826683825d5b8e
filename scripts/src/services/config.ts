import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/marketplace'),
  TEST_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/marketplace_test'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  ELASTICSEARCH_URL: z.url().default('http://127.0.0.1:9200'),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().positive().default(1025),
  MAIL_SINK_URL: z.url().default('http://127.0.0.1:8025'),
  BANKID_SIMULATOR_PORT: z.coerce.number().int().positive().default(8443),
  SIGNING_SIMULATOR_PORT: z.coerce.number().int().positive().default(8445),
  CARD_SIMULATOR_PORT: z.coerce.number().int().positive().default(8444),
  ES_HEAP: z
    .string()
    .regex(/^\d+[mg]$/)
    .default('768m'),
  ES_USER: z.string().default('elasticsearch'),
  SERVICES_CACHE_DIR: z.string().default(path.join(repoRoot, '.cache')),
  // 'auto' uses docker compose when a Docker engine answers, 'local' never, 'docker' always.
  SERVICES_MODE: z.enum(['auto', 'local', 'docker']).default('auto'),
});

export type ServicesConfig = Readonly<z.infer<typeof envSchema> & { repoRoot: string }>;

/** Parses the environment once; lists every bad variable. */
export function loadServicesConfig(env: NodeJS.ProcessEnv = process.env): ServicesConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment for services:\n${lines.join('\n')}`);
  }
  return Object.freeze({ ...parsed.data, repoRoot });
}
