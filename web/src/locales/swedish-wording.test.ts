import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@mp/domain/messages';
import { describe, expect, it } from 'vitest';

// Swedish typography and naming in every Swedish text (the domain's message catalogue and the sv locale
// files): a quoted name is within Swedish quotation marks, ”…” (not "…", '…', “…” or ‘…’), and the cookie
// policy is called 'Kakpolicy' (not 'Cookiepolicy' or 'Kakor (cookies)').

const localesDir = path.dirname(fileURLToPath(import.meta.url));

function texts(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${at}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => texts(child, `${at}.${key}`));
  }
  return [];
}

const swedishTexts: [string, string][] = [
  ...Object.entries(MESSAGES).map(([code, text]): [string, string] => [`messages:${code}`, text.sv]),
  ...readdirSync(path.join(localesDir, 'sv'))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      texts(JSON.parse(readFileSync(path.join(localesDir, 'sv', file), 'utf8')), file.replace(/\.json$/, '')),
    ),
];

describe('Swedish texts', () => {
  it('are many (the scan reads the catalogue and every sv locale file)', () => {
    expect(swedishTexts.length).toBeGreaterThan(1000);
  });

  it('quote with ”…”, never with straight or English quotation marks', () => {
    const offending = swedishTexts.filter(([, text]) => /["'“‘]/.test(text)).map(([key]) => key);
    expect(offending).toEqual([]);
  });

  it("call the cookie policy 'Kakpolicy'", () => {
    const offending = swedishTexts
      .filter(([, text]) => /cookie-?polic|kakor \(cookies\)/i.test(text))
      .map(([key]) => key);
    expect(offending).toEqual([]);
    const named = (key: string) => swedishTexts.find(([at]) => at === key)?.[1];
    expect(named('legal.cookies.title')).toBe('Kakpolicy');
    expect(named('common.footer.cookies')).toBe('Kakpolicy');
    expect(named('seo.pages.cookies.title')).toBe('Kakpolicy');
    expect(named('admin.terms.kinds.cookies')).toBe('Kakpolicy');
  });
});
