/**
 * Ends the current task and resumes in a new one, so that the browser can paint and handle input between
 * the two: `scheduler.yield()` where the browser has it (the continuation keeps its priority), otherwise a
 * zero timeout. A phone runs script four times slower than this machine; every task above 50 ms there counts
 * towards Total Blocking Time, so the start-up work is cut into pieces below that.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
