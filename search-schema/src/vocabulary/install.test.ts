import { afterEach, describe, expect, it } from 'vitest';
import { labelTermId, resolveTermId } from '../document';
import { analyseSearchTerm } from '../search-terms';
import { currentVocabularies, getVocabularyIndex, installVocabularies, vocabularies } from './vocabulary';

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
});
