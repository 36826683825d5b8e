import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const hexKey = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)');

/** Loopback-development defaults of secrets; production must set its own (the auth plugin checks). */
export const DEVELOPMENT_SECRETS = Object.freeze({
  JWT_SECRET: 'development-only-jwt-secret-never-use-in-production',
  NIN_HMAC_KEY: '94fd6137fcfbad76fc36c0167014c6e327631387851fed59b01d4af4f3122765',
  NIN_ENCRYPTION_KEY: '866f0cb2c8103c50af318768db6f05bcf93748382dd408ecf40c3bc8b9732179',
  SIGNING_API_KEY: 'development-only-signing-api-key',
  SIGNING_WEBHOOK_SECRET: 'development-only-signing-webhook-secret',
  CARD_PROVIDER_SECRET_KEY: 'sk_test_simulator_local',
  CARD_WEBHOOK_SECRET: 'whsec_simulator_local',
});

const envSchema = z.object({
  /** Unset means production: a deploy that forgets it gets production's checks, never development's defaults. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
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
  /** Where contact form inquiries are mailed (the operators' shared inbox). */
  OPERATOR_EMAIL: z.email().default('kontakt@konsultmarknaden.se'),
  /** Public base URLs (spec section 7: an API host and an auth host; the same server by default). */
  PUBLIC_URL: z.url().default('http://127.0.0.1:3000'),
  API_BASE_URL: z.url().optional(),
  AUTH_BASE_URL: z.url().optional(),
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For (0: none, the socket's address is
   * the client). Set it to the exact hop count; trusting more lets clients choose their own address.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** General per-address rate limits (registration, password reset, inquiry, references, search), in Redis. */
  RATE_LIMITS: bool.default(true),
  HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  /** The OpenAPI document and UI at /api/docs; default on in development and tests, off in production. */
  SERVE_DOCS: bool.optional(),

  // ---- identity and accounts (features auth, bankid, users, account) ----
  /** HS256 secret for session tokens; the auth plugin refuses the development default in production. */
  JWT_SECRET: z.string().min(32).default(DEVELOPMENT_SECRETS.JWT_SECRET),
  JWT_EXPIRES_IN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  /** 32-byte hex keys: HMAC for looking personal numbers up, AES-256-GCM for reading them back. */
  NIN_HMAC_KEY: hexKey.default(DEVELOPMENT_SECRETS.NIN_HMAC_KEY),
  NIN_ENCRYPTION_KEY: hexKey.default(DEVELOPMENT_SECRETS.NIN_ENCRYPTION_KEY),
  /** BankID RP API v6.0 base: the local simulator by default, e.g. https://appapi2.test.bankid.com/rp/v6.0. */
  BANKID_URL: z.url().default('http://127.0.0.1:8443/rp/v6.0'),
  /** Where the same-device button sends the browser: the simulator's app page, or https://app.bankid.com/. */
  BANKID_APP_URL: z.url().default('http://127.0.0.1:8443/app'),
  /** Client certificate (PKCS#12) and CA for the real BankID services' mutual TLS. */
  BANKID_PFX_PATH: z.string().optional(),
  BANKID_PFX_PASSPHRASE: z.string().optional(),
  BANKID_CA_PATH: z.string().optional(),
  BANKID_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Failed logins within LOGIN_RATE_LIMIT_WAIT_SECONDS before 403E005, per person (or e-mail) and per IP. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  // ---- contracts: the digital-mailbox signing provider (docs/signing-provider.md) ----
  /** The provider's API base: the local simulator by default. */
  SIGNING_API_URL: z.url().default('http://127.0.0.1:8445/v1'),
  SIGNING_API_KEY: z.string().min(16).default(DEVELOPMENT_SECRETS.SIGNING_API_KEY),
  /** HMAC secret of webhook deliveries, shared with the provider. */
  SIGNING_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.SIGNING_WEBHOOK_SECRET),
  /** Deliveries whose timestamp is further than this from now are refused. */
  SIGNING_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().positive().default(300),
  SIGNING_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),

  // ---- payments, subscriptions and the assessment (features payments, subscriptions, assessment) ----
  /** The card-payment provider's REST API (Stripe-shaped): the local simulator by default. */
  CARD_PROVIDER_URL: z.url().default('http://127.0.0.1:8444'),
  /** The provider's hosted card form the browser is sent to (card numbers never reach this API). */
  CARD_FORM_URL: z.url().default('http://127.0.0.1:8444/hosted/card'),
  CARD_PROVIDER_SECRET_KEY: z.string().min(1).default(DEVELOPMENT_SECRETS.CARD_PROVIDER_SECRET_KEY),
  /** HMAC secret of the provider's webhooks (`t=...,v1=...` signatures). */
  CARD_WEBHOOK_SECRET: z.string().min(1).default(DEVELOPMENT_SECRETS.CARD_WEBHOOK_SECRET),
  /** Oldest webhook timestamp accepted, in seconds (replays of older deliveries are refused). */
  CARD_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().positive().default(300),
  CARD_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** After a failed renewal: retry every SUBSCRIPTION_RETRY_HOURS until SUBSCRIPTION_GRACE_DAYS have passed. */
  SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).default(7),
  SUBSCRIPTION_RETRY_HOURS: z.coerce.number().int().positive().default(24),
  /** BullMQ key prefix, shared with the indexer's (QUEUE_PREFIX there). */
  QUEUE_PREFIX: z.string().default('bull'),
  /** How often the commerce worker looks for due renewals and unscored assessments. */
  COMMERCE_SCHEDULE_EVERY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
});

export type AppConfig = Readonly<
  Omit<z.infer<typeof envSchema>, 'API_BASE_URL' | 'AUTH_BASE_URL' | 'SERVE_DOCS'> & {
    API_BASE_URL: string;
    AUTH_BASE_URL: string;
    SERVE_DOCS: boolean;
  }
>;

/** BankID's test service: accepts test identities anyone can create, so never behind a real deploy. */
const BANKID_TEST_HOSTS = new Set(['appapi2.test.bankid.com']);

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * Fail closed: development secrets and a development BankID (plain http, the simulator, BankID's test service)
 * are accepted only in development or tests on a loopback address. Anything else (production, a missing
 * NODE_ENV, a development server listening on a public interface) must bring its own. Returns every problem.
 */
export function findUnsafeSettings(config: AppConfig): string[] {
  const developmentOnLoopback = config.NODE_ENV !== 'production' && isLoopbackHost(config.HOST);
  if (developmentOnLoopback) return [];
  const where = `NODE_ENV=${config.NODE_ENV}, HOST=${config.HOST}`;
  const problems = (Object.keys(DEVELOPMENT_SECRETS) as (keyof typeof DEVELOPMENT_SECRETS)[])
    .filter((name) => config[name] === DEVELOPMENT_SECRETS[name])
    .map((name) => `${name}: the development default is refused (${where}); set a real secret`);
  for (const name of ['BANKID_URL', 'BANKID_APP_URL'] as const) {
    const url = new URL(config[name]);
    if (url.protocol !== 'https:') {
      problems.push(`${name}: must be https (${where}); the simulator is for loopback development`);
    } else if (name === 'BANKID_URL' && BANKID_TEST_HOSTS.has(url.hostname)) {
      problems.push(`${name}: BankID's test service is for development (${where})`);
    }
  }
  return problems;
}

/** Parses the environment once at boot, listing every bad variable; the result is frozen. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const config: AppConfig = Object.freeze({
    ...c,
    API_BASE_URL: c.API_BASE_URL ?? new URL('/api', c.PUBLIC_URL).toString(),
    AUTH_BASE_URL: c.AUTH_BASE_URL ?? c.PUBLIC_URL,
    SERVE_DOCS: c.SERVE_DOCS ?? (overrides.NODE_ENV ?? c.NODE_ENV) !== 'production',
    ...overrides,
  });
  const unsafe = findUnsafeSettings(config);
  if (unsafe.length > 0) throw new Error(`Unsafe configuration:\n${unsafe.map((l) => `  ${l}`).join('\n')}`);
  return config;
}
