import { describe, expect, it } from 'vitest';
import { progressLine } from './progress';

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  const stream = {
    isTTY,
    write: (chunk: string) => written.push(chunk) > 0,
  } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('progress line', () => {
  it('rewrites itself on a terminal and ends the line', () => {
    const { stream, written } = fakeStream(true);
    const line = progressLine(stream);
    line.update('3 left');
    line.update('2 left');
    line.end();
    expect(written).toEqual(['\r3 left', '\r2 left', '\n']);
  });

  it('writes at most a line per interval in a log, and the last one at the end', () => {
    const { stream, written } = fakeStream(false);
    let clock = 0;
    const line = progressLine(stream, 5000, () => clock);
    for (let left = 100; left > 0; left -= 1) {
      line.update(`${left} left`);
      clock += 100; // ten seconds in all
    }
    line.end();
    expect(written).toEqual(['100 left\n', '50 left\n', '1 left\n']);
  });
});
