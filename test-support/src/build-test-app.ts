import type { FastifyInstance } from 'fastify';
import { buildApp } from '@mp/api/app';
import { loadConfig, type AppConfig } from '@mp/api/config';
import { TEST_DATABASE_URL } from './database';

/** Builds the real app against the real services, with quiet logs unless LOG_LEVEL says otherwise. */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', NODE_ENV: 'test' },
    // Tests share one client address; the general rate limits have their own test, which turns them on.
    { DATABASE_URL: TEST_DATABASE_URL, RATE_LIMITS: false, ...overrides },
  );
  const app = await buildApp(config);
  await app.ready();
  return app;
}

/**
 * The real app with a mail server that refuses connections (nothing listens on port 1), and its error log
 * kept as lines of JSON: for checking that a failed mail fails no request and is logged.
 */
export async function buildTestAppWithMailDown(): Promise<{ app: FastifyInstance; errorLog: string[] }> {
  const errorLog: string[] = [];
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'error', NODE_ENV: 'test' },
    { DATABASE_URL: TEST_DATABASE_URL, RATE_LIMITS: false, SMTP_URL: 'smtp://127.0.0.1:1' },
  );
  const app = await buildApp(config, { logStream: { write: (line) => void errorLog.push(line) } });
  await app.ready();
  return { app, errorLog };
}
