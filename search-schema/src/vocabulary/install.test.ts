import { afterEach, describe, expect, it } from 'vitest';
import { labelTermId, resolveTermId } from '../document';
import { analyseSearchTerm } from '../search-terms';
import {
  currentVocabularies,
  getVocabularyIndex,
  installedVocabularyRevision,
  installVocabularies,
  vocabularies,
} from './vocabulary';

// The API and the indexer pass the database's vocabularies in; everything derived from them follows.

afterEach(() => installVocabularies(vocabularies));

describe('installVocabularies', () => {
  it('makes resolutions, labels, suggestions and search terms use the installed set', () => {
    expect(analyseSearchTerm('zentrix')).toEqual([{ kind: 'word', words: ['zentrix'] }]);
    installVocabularies({
      ...vocabularies,
      skills: {
        ...vocabularies.skills,
        entries: vocabularies.skills.entries.map((entry) =>
          entry.id === 'svelte' ? { ...entry, sv: 'Zentrix', en: 'Zentrix framework' } : entry,
        ),
      },
    });
    expect(currentVocabularies().skills).not.toBe(vocabularies.skills);
    expect(resolveTermId('skills', 'zentrix')).toBe('svelte');
    expect(labelTermId('skills', 'svelte', 'en')).toBe('Zentrix framework');
    expect(getVocabularyIndex('skills').suggest('zentr', 'sv')[0]).toMatchObject({ id: 'svelte' });
    expect(analyseSearchTerm('zentrix')).toEqual([{ kind: 'skill', skill: 'svelte', words: ['zentrix'] }]);

    installVocabularies(vocabularies);
    expect(resolveTermId('skills', 'zentrix')).toBe('free:zentrix');
    expect(analyseSearchTerm('zentrix')).toEqual([{ kind: 'word', words: ['zentrix'] }]);
  });

  it('never replaces a newer set of the same database with an older one read before it', () => {
    const renamed = {
      ...vocabularies,
      skills: {
        ...vocabularies.skills,
        entries: vocabularies.skills.entries.map((entry) =>
          entry.id === 'svelte' ? { ...entry, sv: 'Zentrix', en: 'Zentrix' } : entry,
        ),
      },
    };
    // Two loaders of one process finished out of order: the one that read revision 7 installs after the one
    // that read revision 8 (with the new label). The newer set stays.
    expect(installVocabularies(renamed, 8, 'postgres://db-a')).toBe(true);
    expect(installVocabularies(vocabularies, 7, 'postgres://db-a')).toBe(false);
    expect(resolveTermId('skills', 'zentrix')).toBe('svelte');
    expect(installedVocabularyRevision()).toBe(8);
    // The same revision again, a newer one, another database's (its own count) or a set without a revision
    // (the shipped ones) are installed.
    expect(installVocabularies(vocabularies, 8, 'postgres://db-a')).toBe(true);
    expect(installVocabularies(renamed, 3, 'postgres://db-b')).toBe(true);
    expect(installedVocabularyRevision()).toBe(3);
    expect(installVocabularies(vocabularies)).toBe(true);
    expect(resolveTermId('skills', 'zentrix')).toBe('free:zentrix');
  });
});
