import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/marketplace'),
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  ELASTICSEARCH_URL: z.url().default('http://127.0.0.1:9200'),
  /** Alias every search goes through; reindex swaps what it points at. */
  SEARCH_INDEX_ALIAS: z.string().default('consultants'),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Konsultmarknaden <noreply@konsultmarknaden.se>'),
  /** Public base URLs (spec section 7: an API host and an auth host; the same server by default). */
  PUBLIC_URL: z.url().default('http://127.0.0.1:3000'),
  API_BASE_URL: z.url().optional(),
  AUTH_BASE_URL: z.url().optional(),
  HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  SERVE_DOCS: bool.default(true),
});

export type AppConfig = Readonly<
  Omit<z.infer<typeof envSchema>, 'API_BASE_URL' | 'AUTH_BASE_URL'> & { API_BASE_URL: string; AUTH_BASE_URL: string }
>;

/** Parses the environment once at boot, listing every bad variable; the result is frozen. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return Object.freeze({
    ...c,
    API_BASE_URL: c.API_BASE_URL ?? new URL('/api', c.PUBLIC_URL).toString(),
    AUTH_BASE_URL: c.AUTH_BASE_URL ?? c.PUBLIC_URL,
    ...overrides,
  });
}
