import { describe, expect, it } from 'vitest';
import { measureInterleavedLatency, percentile } from './stats';

describe('measureInterleavedLatency', () => {
  it('gives each side its own input of every row, starting each round with the next side in turn', async () => {
    const calls: string[] = [];
    const side = (name: string) => async (input: string) => {
      calls.push(`${name}:${input}`);
    };
    const rows = [
      ['a0', 'b0', 'c0'],
      ['a1', 'b1', 'c1'],
    ];
    const runs = await measureInterleavedLatency(rows, 4, [side('A'), side('B'), side('C')]);
    expect(calls).toEqual([
      ...['A:a0', 'B:b0', 'C:c0'],
      ...['B:b1', 'C:c1', 'A:a1'],
      ...['C:c0', 'A:a0', 'B:b0'],
      ...['A:a1', 'B:b1', 'C:c1'],
    ]);
    expect(runs.map((run) => [run.requests, run.errors])).toEqual([
      [4, 0],
      [4, 0],
      [4, 0],
    ]);
  });

  it('counts a failed call against its own side only, and times the others', async () => {
    let calls = 0;
    const runs = await measureInterleavedLatency([[1, 2]], 3, [
      async () => {
        calls += 1;
        if (calls === 2) throw new Error('refused');
      },
      async () => {},
    ]);
    expect(runs.map((run) => run.errors)).toEqual([1, 0]);
    expect(runs.every((run) => Number.isFinite(run.p50Ms))).toBe(true);
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });
});
