import { CHUNK_LOAD_TIMEOUT_MS } from '@mp/domain/constants';
import { lazy, type ComponentType } from 'react';

/** Thrown when a page's code has not arrived within the spec's 120 s; the route error page offers a reload. */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('page code did not load in time');
    this.name = 'ChunkLoadTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A route-level code-split page: `lazyPage(() => import('./x-page'), 'XPage')`. Its code is fetched the first
 * time the route renders.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType {
  return lazy(() =>
    withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((module) => ({
      default: module[name] as unknown as ComponentType,
    })),
  );
}
