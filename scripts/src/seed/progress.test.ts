import { describe, expect, it } from 'vitest';
import { writeSeedProgress } from './progress';

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  const stream = {
    isTTY,
    write: (chunk: string) => written.push(chunk) > 0,
  } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

const run = (isTTY: boolean) => {
  const { stream, written } = fakeStream(isTTY);
  const progress = writeSeedProgress(({ done, total }) => `seeded ${done}/${total}`, stream);
  for (let done = 500; done <= 10_000; done += 500) progress({ done, total: 10_000 });
  return written;
};

describe('seed progress', () => {
  it('rewrites one line on a terminal and ends it when done', () => {
    const written = run(true);
    expect(written).toHaveLength(21);
    expect(written[0]).toBe('\rseeded 500/10000');
    expect(written.slice(-2)).toEqual(['\rseeded 10000/10000', '\n']);
  });

  it('writes a line per tenth in a log', () => {
    expect(run(false)).toEqual([
      'seeded 500/10000\n',
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((tenth) => `seeded ${tenth * 1000}/10000\n`),
    ]);
  });
});
