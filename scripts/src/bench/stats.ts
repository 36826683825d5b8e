/** Percentile by nearest rank over a copy of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface LatencyRun {
  p50Ms: number;
  p95Ms: number;
  requests: number;
  errors: number;
  throughputPerSec: number;
}

/**
 * Sends `requests` calls of `fn` (cycling through `inputs`) from `concurrency` loops; measures each call.
 */
export async function measureLatency<T>(
  inputs: readonly T[],
  requests: number,
  concurrency: number,
  fn: (input: T) => Promise<void>,
): Promise<LatencyRun> {
  const samples: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= requests) return;
        const t0 = performance.now();
        try {
          await fn(inputs[i % inputs.length]!);
          samples.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    p50Ms: round(percentile(samples, 50)),
    p95Ms: round(percentile(samples, 95)),
    requests,
    errors,
    throughputPerSec: round(samples.length / seconds, 1),
  };
}

/**
 * Measures two ways of answering the same inputs (the API and raw Elasticsearch) one after the other for each
 * input, alternating which goes first, from one loop. Both then meet the same cache state for every query;
 * measured in two blocks, the second side always found the caches the first had warmed.
 */
export async function measurePairedLatency<A, B>(
  inputs: readonly (readonly [A, B])[],
  requests: number,
  first: (input: A) => Promise<void>,
  second: (input: B) => Promise<void>,
): Promise<{ first: LatencyRun; second: LatencyRun }> {
  const samples: [number[], number[]] = [[], []];
  const busy = [0, 0];
  const errors = [0, 0];
  const timed = async (side: 0 | 1, call: () => Promise<void>) => {
    const t0 = performance.now();
    try {
      await call();
      const ms = performance.now() - t0;
      samples[side].push(ms);
      busy[side]! += ms;
    } catch {
      errors[side]! += 1;
    }
  };
  for (let i = 0; i < requests; i++) {
    const [a, b] = inputs[i % inputs.length]!;
    const runFirst = () => timed(0, () => first(a));
    const runSecond = () => timed(1, () => second(b));
    if (i % 2 === 0) {
      await runFirst();
      await runSecond();
    } else {
      await runSecond();
      await runFirst();
    }
  }
  const run = (side: 0 | 1): LatencyRun => ({
    p50Ms: round(percentile(samples[side], 50)),
    p95Ms: round(percentile(samples[side], 95)),
    requests,
    errors: errors[side]!,
    throughputPerSec: round(samples[side].length / (busy[side]! / 1000), 1),
  });
  return { first: run(0), second: run(1) };
}
