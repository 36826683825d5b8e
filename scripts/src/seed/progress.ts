/**
 * A progress line for a command line: rewritten in place on a terminal; in a log (CI, `> file`), where carriage
 * returns would run every update together on one line, a line at most every `everyMs` and the last on `end`.
 */
export function progressLine(
  stream: NodeJS.WriteStream = process.stdout,
  everyMs = 5000,
  now: () => number = Date.now,
) {
  let lastWritten = -Infinity;
  let pending: string | null = null;
  return {
    update(text: string): void {
      if (stream.isTTY) {
        stream.write(`\r${text}`);
        return;
      }
      if (now() - lastWritten >= everyMs) {
        stream.write(`${text}\n`);
        lastWritten = now();
        pending = null;
      } else pending = text;
    },
    end(): void {
      if (stream.isTTY) stream.write('\n');
      else if (pending !== null) stream.write(`${pending}\n`);
      pending = null;
    },
  };
}
