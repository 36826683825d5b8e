export interface EventuallyOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Pause between two checks (default 50 ms). */
  intervalMs?: number;
  /** What is waited for, for the error message. */
  what?: string;
}

/**
 * Checks `check` until it holds and returns the milliseconds that took; throws when it does not hold within
 * the timeout. Tests wait on the condition they need this way, never with a fixed sleep.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  options: EventuallyOptions = {},
): Promise<number> {
  const { timeoutMs = 10_000, intervalMs = 50, what = 'condition' } = options;
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
