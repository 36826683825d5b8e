import type { SeedProgress } from './seed.service';

/**
 * Seeding progress for a command line: rewritten in place on a terminal; in a log (CI, `> file`) one line per
 * tenth of the way, where carriage returns would run every update together on one line.
 */
export function writeSeedProgress(
  format: (progress: SeedProgress) => string,
  stream: NodeJS.WriteStream = process.stdout,
): (progress: SeedProgress) => void {
  let lastTenth = -1;
  return (progress) => {
    if (stream.isTTY) {
      stream.write(`\r${format(progress)}`);
      if (progress.done >= progress.total) stream.write('\n');
      return;
    }
    const tenth = Math.floor((progress.done / Math.max(progress.total, 1)) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    stream.write(`${format(progress)}\n`);
  };
}
