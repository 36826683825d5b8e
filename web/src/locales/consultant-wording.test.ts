import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Texts a consultant reads about their own account (QA pass 4): who sees what of the profile, the order of the
// steps when deleting the account, and the way back to the search named as the navigation names it.

const localesDir = path.dirname(fileURLToPath(import.meta.url));
const LANGS = ['sv', 'en'] as const;

function text(lang: (typeof LANGS)[number], namespace: string, key: string): string {
  const tree = JSON.parse(readFileSync(path.join(localesDir, lang, `${namespace}.json`), 'utf8')) as unknown;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
  if (typeof value !== 'string') throw new Error(`${lang}/${namespace}:${key} is not a text`);
  return value;
}

describe('who sees what of a consultant’s profile', () => {
  // The API's rule (api/src/lib/identity-access.ts): visitors and unverified sessions get anonymous cards and
  // the anonymous profile; logged-in (verified) users names and pictures, on the cards and the profile;
  // premium customers also the contact details.
  const rule = {
    sv: {
      loggedIn:
        /inloggade användare ser ditt namn och din bild|ser inloggade användare ditt namn och din bild/i,
      picture: 'Inloggade användare ser din bild, i sökresultaten och på din profil',
      premium: /bara premiumkunder ser dina kontaktuppgifter|kontaktuppgifter ser bara premiumkunder/i,
      visitors: 'Besökare som inte är inloggade',
      never: /aldrig/i,
    },
    en: {
      loggedIn: /logged-in users see your name and picture/i,
      picture: 'Logged-in users see your picture, in search results and on your profile',
      premium: /only premium customers see your contact details/i,
      visitors: 'Visitors who are not logged in',
      never: /never/i,
    },
  } as const;
  const namedTexts = [
    ['profiles', 'edit.basics.description'],
    ['profiles', 'edit.visibility.helpOn'],
    ['profiles', 'edit.visibility.helpNotSaved'],
    ['settings', 'account.description'],
  ] as const;

  it.each(LANGS)('is said the same way in every text (%s), and none says the name is never shown', (lang) => {
    for (const [namespace, key] of namedTexts) {
      const said = text(lang, namespace, key);
      expect(said, key).toMatch(rule[lang].loggedIn);
      expect(said, key).toMatch(rule[lang].premium);
      expect(said, key).toContain(rule[lang].visitors);
      expect(said, key).not.toMatch(rule[lang].never);
    }
    const picture = text(lang, 'profiles', 'edit.picture.help');
    expect(picture).toContain(rule[lang].picture);
    expect(picture).toContain(rule[lang].visitors);
  });
});

describe('the delete-account dialog', () => {
  it.each([
    ['sv', 'bekräftar du att det är du', 'tas ditt konto och din profil bort', 'du loggas ut'],
    ['en', 'you confirm that it is you', 'your account and your profile are deleted', 'you are logged out'],
  ] as const)(
    'says in %s: first confirm who you are, then the account goes and you are logged out',
    (lang, confirm, removed, loggedOut) => {
      const warning = text(lang, 'settings', 'delete.warning');
      expect(warning.indexOf(confirm)).toBeGreaterThan(-1);
      expect(warning.indexOf(removed)).toBeGreaterThan(warning.indexOf(confirm));
      expect(warning.indexOf(loggedOut)).toBeGreaterThan(warning.indexOf(removed));
    },
  );
});

describe('the way back to the search from a missing profile', () => {
  it.each(LANGS)('is named as in the navigation (%s)', (lang) => {
    expect(text(lang, 'profiles', 'view.toSearch')).toBe(text(lang, 'common', 'nav.search'));
  });
});
