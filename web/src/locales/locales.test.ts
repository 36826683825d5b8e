import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every user-facing string lives in sv and en (conventions: i18n). This test fails on a key missing in
// either language, on a key used in the code that neither language has, and on a key no code uses.

const localesDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(localesDir, '..');
const LANGUAGES = ['sv', 'en'] as const;
/** Namespaces built in code (the domain's message catalogue), not from locale files. */
const GENERATED_NAMESPACES = new Set(['messages']);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((item, index) => leafKeys(item, `${prefix}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      leafKeys(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [];
}

function loadLanguage(language: string): Map<string, string[]> {
  const namespaces = new Map<string, string[]>();
  for (const file of readdirSync(path.join(localesDir, language))) {
    if (!file.endsWith('.json')) continue;
    const tree = JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Tree;
    namespaces.set(file.replace(/\.json$/, ''), leafKeys(tree));
  }
  return namespaces;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

const code = sourceFiles(srcDir)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** Every string literal in the code; template literals become patterns with `${...}` as a wildcard. */
const literals = new Set<string>();
const patterns: RegExp[] = [];
for (const match of code.matchAll(/'([^'\n]+)'|"([^"\n]+)"|`([^`\n]+)`/g)) {
  const literal = match[1] ?? match[2] ?? match[3] ?? '';
  if (match[3] !== undefined && literal.includes('${')) {
    const source = literal
      .split(/\$\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^.:]+');
    patterns.push(new RegExp(`^(?:[a-z-]+:)?${source}$`));
  } else {
    literals.add(literal);
  }
}

/** A key counts as used when the code names it (or an ancestor used with returnObjects), with or without ns:. */
function isUsed(namespace: string, key: string): boolean {
  const bare = key.replace(PLURAL_SUFFIX, '');
  const segments = bare.split('.');
  for (let length = segments.length; length >= 1; length -= 1) {
    const candidate = segments.slice(0, length).join('.');
    // Ancestors only count when they are objects handed out whole (returnObjects), i.e. not single words.
    if (length < segments.length && !candidate.includes('.')) {
      if (!code.includes(`t('${candidate}', { returnObjects: true })`)) continue;
    }
    for (const name of [candidate, `${namespace}:${candidate}`]) {
      if (literals.has(name) || patterns.some((pattern) => pattern.test(name))) return true;
    }
  }
  return false;
}

const resources = Object.fromEntries(LANGUAGES.map((language) => [language, loadLanguage(language)]));

describe('translations', () => {
  it('have the same namespaces in sv and en', () => {
    expect([...resources.sv!.keys()].sort()).toEqual([...resources.en!.keys()].sort());
  });

  for (const [namespace, svKeys] of resources.sv!) {
    it(`${namespace}: every key exists in both languages`, () => {
      const enKeys = resources.en!.get(namespace) ?? [];
      expect(
        svKeys.filter((key) => !enKeys.includes(key)),
        'missing in en',
      ).toEqual([]);
      expect(
        enKeys.filter((key) => !svKeys.includes(key)),
        'missing in sv',
      ).toEqual([]);
    });

    it(`${namespace}: every key is used in the code`, () => {
      const unused = svKeys.filter((key) => !isUsed(namespace, key.replace(/\.\d+(\.|$).*$/, '')));
      expect(unused).toEqual([]);
    });
  }

  it('every key named in a t() call exists', () => {
    const all = new Set<string>();
    for (const [namespace, keys] of resources.sv!) {
      for (const key of keys) {
        const bare = key.replace(PLURAL_SUFFIX, '');
        all.add(`${namespace}:${bare}`);
        // Parents of arrays and objects handed out whole.
        const segments = bare.split('.');
        for (let length = 1; length < segments.length; length += 1) {
          all.add(`${namespace}:${segments.slice(0, length).join('.')}`);
        }
      }
    }
    const missing: string[] = [];
    for (const match of code.matchAll(/\bt\(\s*'([^']+)'/g)) {
      const key = match[1]!;
      if (key.includes(':')) {
        const [namespace] = key.split(':');
        if (GENERATED_NAMESPACES.has(namespace!)) continue;
        if (!all.has(key)) missing.push(key);
      } else if (![...resources.sv!.keys()].some((namespace) => all.has(`${namespace}:${key}`))) {
        missing.push(key);
      }
    }
    expect(missing).toEqual([]);
  });

  it("state the spec's reply time from its constant, outside the dated legal documents", () => {
    // `{{replyDays}}` (CONTACT_REPLY_WORKING_DAYS): a number written into the text would not follow the constant.
    const written: string[] = [];
    for (const language of LANGUAGES) {
      for (const file of readdirSync(path.join(localesDir, language))) {
        if (!file.endsWith('.json') || file === 'legal.json') continue;
        const text = readFileSync(path.join(localesDir, language, file), 'utf8');
        for (const match of text.matchAll(/\b\d+ (arbetsdagar|working days)/g))
          written.push(`${language}/${file}: ${match[0]}`);
      }
    }
    expect(written).toEqual([]);
  });
});
