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
 * Measures several ways of answering the same inputs (the API, a bare pass-through, raw Elasticsearch) one after
 * the other for each input, from one loop; each round starts with the next side in turn, so every side is first
 * as often as the others. All sides then meet the same cache state for every query; measured in blocks, a later
 * side always found the caches an earlier one had warmed. `inputs[i][s]` is side s's input for query i.
 */
export async function measureInterleavedLatency<T>(
  inputs: readonly (readonly T[])[],
  requests: number,
  sides: readonly ((input: T) => Promise<void>)[],
): Promise<LatencyRun[]> {
  const samples = sides.map((): number[] => []);
  const busy = sides.map(() => 0);
  const errors = sides.map(() => 0);
  for (let i = 0; i < requests; i++) {
    const row = inputs[i % inputs.length]!;
    for (let k = 0; k < sides.length; k++) {
      const side = (i + k) % sides.length;
      const t0 = performance.now();
      try {
        await sides[side]!(row[side]!);
        const ms = performance.now() - t0;
        samples[side]!.push(ms);
        busy[side]! += ms;
      } catch {
        errors[side]! += 1;
      }
    }
  }
  return sides.map((_, side) => ({
    p50Ms: round(percentile(samples[side]!, 50)),
    p95Ms: round(percentile(samples[side]!, 95)),
    requests,
    errors: errors[side]!,
    throughputPerSec: round(samples[side]!.length / (busy[side]! / 1000), 1),
  }));
}
