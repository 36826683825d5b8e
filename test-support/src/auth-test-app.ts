import { startBankIdSimulator, type BankIdSimulator } from '@mp/scripts/bankid-simulator/simulator';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '@mp/api/app';
import { loadConfig, type AppConfig } from '@mp/api/config';
import { afterAll, beforeAll } from 'vitest';
import { TEST_DATABASE_URL } from './database';
import { useTestApp, type TestApp } from './test-app';

// The identity features' test harness: the real app against the test database, Redis and the SMTP sink,
// and a BankID simulator of its own on a random port, so tests never depend on `npm run services` having
// started one or on its state.

export async function startTestSimulator(stepMs = 100): Promise<BankIdSimulator> {
  return startBankIdSimulator({ port: 0, stepMs });
}

/**
 * `useTestApp` for the identity features: a BankID simulator of the file's own, and the app built against
 * it, both started before the file's tests and stopped after them.
 */
export function useAuthTestApp(stepMs = 100): TestApp & { readonly simulator: BankIdSimulator } {
  let simulator: BankIdSimulator | undefined;
  beforeAll(async () => {
    simulator = await startTestSimulator(stepMs);
  });
  // Hooks after the tests run in reverse: the app closes before its simulator.
  afterAll(async () => {
    await simulator?.close();
  });
  const testApp = useTestApp(() => buildAuthTestApp(simulator!));
  return Object.defineProperty(testApp, 'simulator', {
    get() {
      if (!simulator) throw new Error('the simulator starts in beforeAll: use it inside a test or hook');
      return simulator;
    },
  }) as TestApp & { readonly simulator: BankIdSimulator };
}

export async function buildAuthTestApp(
  simulator: BankIdSimulator | null,
  overrides: Partial<AppConfig> = {},
  logStream?: { write(line: string): void },
): Promise<FastifyInstance> {
  const config = loadConfig(
    {
      ...process.env,
      LOG_LEVEL: logStream ? 'trace' : (process.env.LOG_LEVEL ?? 'silent'),
      NODE_ENV: 'test',
    },
    {
      DATABASE_URL: TEST_DATABASE_URL,
      // Tests share one client address; the general rate limits have their own test, which turns them on.
      RATE_LIMITS: false,
      ...(simulator ? { BANKID_URL: simulator.rpUrl, BANKID_APP_URL: `${simulator.url}/app` } : {}),
      ...overrides,
    },
  );
  const app = await buildApp(config, logStream ? { logStream } : {});
  await app.ready();
  return app;
}

/** Polls POST /auth (or another collect call) until the answer is no longer pending; returns hints seen. */
export async function collectUntilDone(
  app: FastifyInstance,
  request: InjectOptions,
  options: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<{ response: LightMyRequestResponse; hints: string[] }> {
  const hints: string[] = [];
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const response = await app.inject(request);
    const body = response.json() as { status?: string; hintCode?: string };
    if (!(response.statusCode === 200 || response.statusCode === 202) || body.status !== 'pending') {
      return { response, hints };
    }
    if (body.hintCode && hints.at(-1) !== body.hintCode) hints.push(body.hintCode);
    if (Date.now() > deadline) throw new Error(`still pending after ${options.timeoutMs ?? 10_000} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 40));
  }
}

/**
 * The hint codes a pending BankID order shows, in order. The simulator moves through them on a timer, so a
 * loaded machine may collect for the first time after some have passed, or skip one between two polls.
 */
export const BANKID_HINT_PROGRESSION: readonly string[] = ['outstandingTransaction', 'userSign'];

/** The hints seen while polling are known ones, each at most once, in the order of the progression. */
export function hintsSeenInOrder(hints: string[]): boolean {
  const positions = hints.map((hint) => BANKID_HINT_PROGRESSION.indexOf(hint));
  return positions.every((position, i) => position >= 0 && (i === 0 || position > positions[i - 1]!));
}
