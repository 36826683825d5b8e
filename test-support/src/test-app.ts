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
 * The usual setup of an API test file: the real app built before its tests (by `buildTestApp` with these
 * overrides, or by `build`) and closed after them. Call at the top of the file.
 */
export function useTestApp(build: Partial<AppConfig> | (() => Promise<FastifyInstance>) = {}): TestApp {
  let app: FastifyInstance | undefined;
  let call: Caller | undefined;
  beforeAll(async () => {
    app = typeof build === 'function' ? await build() : await buildTestApp(build);
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
