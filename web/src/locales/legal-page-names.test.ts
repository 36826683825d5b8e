import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A terms or policy page has one name per language wherever it is named: its heading, the document title a
// search engine shows, the footer link and god/terms' list of documents.

const localesDir = path.dirname(fileURLToPath(import.meta.url));

type Tree = { [key: string]: string | Tree };

function namespace(language: 'sv' | 'en', name: string): Tree {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${name}.json`), 'utf8')) as Tree;
}

function at(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

/** Where each page is named: its key in legal, seo.pages, common.footer and admin.terms.kinds. */
const PAGES = [
  { legal: 'terms', seo: 'tos-users', footer: 'terms', kind: 'users' },
  { legal: 'privacy', seo: 'privacy-policy', footer: 'privacy', kind: 'privacy' },
  { legal: 'cookies', seo: 'cookies', footer: 'cookies', kind: 'cookies' },
] as const;

const NAMES = {
  sv: { terms: 'Användarvillkor', privacy: 'Integritetspolicy', cookies: 'Kakpolicy' },
  en: { terms: 'Terms of use', privacy: 'Privacy policy', cookies: 'Cookie policy' },
} as const;

describe('the names of the terms and policy pages', () => {
  it.each(['sv', 'en'] as const)(
    'are the same in the heading, title, footer and god/terms (%s)',
    (language) => {
      const [legal, seo, common, admin] = ['legal', 'seo', 'common', 'admin'].map((name) =>
        namespace(language, name),
      ) as [Tree, Tree, Tree, Tree];
      for (const page of PAGES) {
        const name = NAMES[language][page.legal];
        expect({
          heading: at(legal, `${page.legal}.title`),
          title: at(seo, `pages.${page.seo}.title`),
          footer: at(common, `footer.${page.footer}`),
          godTerms: at(admin, `terms.kinds.${page.kind}`),
        }).toEqual({ heading: name, title: name, footer: name, godTerms: name });
      }
    },
  );
});
