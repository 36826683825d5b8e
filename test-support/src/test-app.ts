import type { AppConfig } from '@mp/api/config';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp } from './build-test-app';
import { createLoggedInUser, type CreateUserOptions } from './factories';
import { createCaller, type Caller } from './inject';

export interface TestApp {
  /** The app, built before the file's first test. */
  readonly app: FastifyInstance;
  /** `createCaller(app)`: calls as a browser would. */
  call: Caller;
  /** A user with a session token. */
  createLoggedInUser(options?: CreateUserOptions): ReturnType<typeof createLoggedInUser>;
}

/**
 * The usual setup of an API test file: the real app (`buildTestApp`) built before its tests and closed after
 * them. Call at the top of the file.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestApp {
  let app: FastifyInstance | undefined;
  let call: Caller | undefined;
  beforeAll(async () => {
    app = await buildTestApp(overrides);
    call = createCaller(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  const built = () => {
    if (!app || !call) throw new Error('the test app is built in beforeAll: use it inside a test or hook');
    return { app, call };
  };
  return {
    get app() {
      return built().app;
    },
    call: (...args) => built().call(...args),
    createLoggedInUser: (options = {}) => createLoggedInUser(built().app, options),
  };
}
