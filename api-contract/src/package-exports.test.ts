import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The contract's entry points are listed one by one (no "./*"): a new schema file is also a new line in
// package.json, and this test says which line is missing.

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string>;
};

describe('api-contract exports', () => {
  it('exports every source file under its own name, and nothing else', () => {
    const files = readdirSync(new URL('.', import.meta.url))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    const expected = Object.fromEntries(files.map((name) => [`./${name}`, `./src/${name}.ts`]));
    expect(pkg.exports).toEqual(expected);
  });
});
