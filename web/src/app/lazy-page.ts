import { CHUNK_LOAD_TIMEOUT_MS } from '@mp/domain/timing';
import { createElement, lazy, type ComponentType } from 'react';

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

/** A route's page component whose code can be fetched ahead of rendering. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

export function isLazyPage(value: unknown): value is LazyPage {
  return typeof value === 'function' && typeof (value as Partial<LazyPage>).preload === 'function';
}

/**
 * A route-level code-split page: `lazyPage(() => import('./x-page'), 'XPage')`. Its code is fetched the first
 * time the route renders, or earlier by `preload()`. Once the code is there the page renders straight away
 * instead of suspending: the browser preloads the pages of the address it opens before hydrating
 * (src/main.tsx), so hydration does not stop at the page, wait for its code and start over.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchPage = () =>
    (pending ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((module) => {
      loaded = module[name] as unknown as ComponentType;
      return loaded;
    }));
  const Lazy = lazy(() => fetchPage().then((component) => ({ default: component })));
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  Page.displayName = `LazyPage(${String(name)})`;
  return Object.assign(Page, { preload: () => fetchPage().then(() => undefined) });
}
