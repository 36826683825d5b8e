import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * JSON file snapshots in `directory` (a folder URL, e.g. `new URL('./__snapshots__/', import.meta.url)`): the
 * returned function compares `value` with the committed file `<name>.json`, so every change to, say, the
 * generated mapping or query DSL shows up in review as a diff of that file. Run with `UPDATE_SNAPSHOTS=1` to
 * write the files after an intended change; without it a missing or different file fails the test.
 */
export function jsonSnapshots(directory: URL): (name: string, value: unknown) => void {
  const folder = fileURLToPath(directory);
  return (name, value) => {
    const file = join(folder, `${name}.json`);
    const actual = `${JSON.stringify(value, null, 2)}\n`;
    if (process.env.UPDATE_SNAPSHOTS === '1') {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, actual);
      return;
    }
    if (!existsSync(file)) {
      expect.fail(`Missing snapshot ${file}; run the tests with UPDATE_SNAPSHOTS=1 to write it`);
    }
    expect(actual, `${name}.json differs; run with UPDATE_SNAPSHOTS=1 if the change is intended`).toBe(
      readFileSync(file, 'utf8'),
    );
  };
}
