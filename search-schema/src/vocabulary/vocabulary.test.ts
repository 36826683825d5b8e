import { describe, expect, it } from 'vitest';
import {
  VOCABULARY_VERSION,
  createVocabularyIndex,
  findCompactVocabularyCollisions,
  findVocabularyCollisions,
  getVocabularyIndex,
  normalizeVocabularyText,
  vocabularies,
} from './vocabulary';
import { vocabularyEntrySchema, vocabularySchema } from './vocabulary.schema';
import type { Vocabulary, VocabularyKind } from './vocabulary.types';

const MINIMUM_ENTRIES: Record<VocabularyKind, number> = {
  skills: 400,
  jobTitles: 120,
  languages: 60,
  degrees: 40,
  fieldsOfStudy: 80,
};

const kinds = Object.keys(vocabularies) as VocabularyKind[];

function idOf(kind: VocabularyKind, text: string): string | undefined {
  const resolution = getVocabularyIndex(kind).resolve(text);
  return 'id' in resolution ? resolution.id : undefined;
}

describe.each(kinds)('the %s vocabulary', (kind) => {
  const vocabulary = vocabularies[kind];

  it('is version 1 of its kind', () => {
    expect(vocabulary.kind).toBe(kind);
    expect(vocabulary.version).toBe(1);
  });

  it('validates entry by entry', () => {
    const invalid = vocabulary.entries.flatMap((entry) => {
      const result = vocabularyEntrySchema.safeParse(entry);
      return result.success ? [] : [`${entry.id}: ${result.error.message}`];
    });
    expect(invalid).toEqual([]);
  });

  it('validates as a whole', () => {
    const result = vocabularySchema.safeParse(vocabulary);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([]);
  });

  it('has unique ids', () => {
    const ids = vocabulary.entries.map((entry) => entry.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('maps no normalised label, alias or id to two entries', () => {
    expect(findVocabularyCollisions(vocabulary)).toEqual([]);
  });

  it('maps no label, alias or id to two entries even with spaces removed', () => {
    expect(findCompactVocabularyCollisions(vocabulary)).toEqual([]);
  });

  it(`has at least ${MINIMUM_ENTRIES[kind]} entries`, () => {
    expect(vocabulary.entries.length).toBeGreaterThanOrEqual(MINIMUM_ENTRIES[kind]);
  });

  it('resolves every label and alias to its own entry', () => {
    const index = getVocabularyIndex(kind);
    const wrong = vocabulary.entries.flatMap((entry) =>
      [entry.sv, entry.en, ...entry.aliases]
        .filter((text) => idOf(kind, text) !== entry.id)
        .map((text) => `${text} -> ${JSON.stringify(index.resolve(text))} (expected ${entry.id})`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the vocabulary schema', () => {
  it('rejects a vocabulary whose texts collide, naming the entries', () => {
    const vocabulary: Vocabulary = {
      kind: 'skills',
      version: 1,
      entries: [
        { id: 'less-css', sv: 'Less', en: 'Less', aliases: [] },
        { id: 'large-scale-scrum', sv: 'LeSS', en: 'LeSS', aliases: [] },
      ],
    };
    const result = vocabularySchema.safeParse(vocabulary);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      '"less" would resolve to more than one entry: large-scale-scrum, less-css',
    ]);
  });

  it('rejects duplicate ids, non-slug ids and language ids that are not ISO 639-1 codes', () => {
    const entry = { sv: 'Svenska', en: 'Swedish', aliases: [] };
    expect(vocabularyEntrySchema.safeParse({ ...entry, id: 'Project Manager' }).success).toBe(false);
    const result = vocabularySchema.safeParse({
      kind: 'languages',
      version: 1,
      entries: [
        { ...entry, id: 'swe' },
        { ...entry, id: 'swe', sv: 'Svenska 2', en: 'Swedish 2' },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['Duplicate id "swe"', 'Language ids are ISO 639-1 codes, not "swe"']),
    );
  });
});

describe('normalizeVocabularyText', () => {
  it('folds case, diacritics, whitespace and separators', () => {
    expect(normalizeVocabularyText('  Göteborgs   Stad ')).toBe('goteborgs stad');
    expect(normalizeVocabularyText('React.js')).toBe('react js');
    expect(normalizeVocabularyText('front_end-dev')).toBe('front end dev');
    expect(normalizeVocabularyText('Bachelor’s degree')).toBe('bachelors degree');
    expect(normalizeVocabularyText('Bokmål, Færøsk')).toBe('bokmal faerosk');
  });

  it('keeps + and # inside words only', () => {
    expect(normalizeVocabularyText('C++')).toBe('c++');
    expect(normalizeVocabularyText('C#')).toBe('c#');
    expect(normalizeVocabularyText('#react')).toBe('react');
    expect(normalizeVocabularyText('M&A')).toBe('m&a');
    expect(normalizeVocabularyText('Research & development')).toBe('research development');
  });
});

describe('resolve', () => {
  it('maps spellings and aliases to canonical skills', () => {
    expect(idOf('skills', 'JS')).toBe('javascript');
    expect(idOf('skills', 'ECMAScript')).toBe('javascript');
    expect(idOf('skills', 'React.js')).toBe('react');
    expect(idOf('skills', 'reactjs')).toBe('react');
    expect(idOf('skills', 'React JS')).toBe('react');
    expect(idOf('skills', 'k8s')).toBe('kubernetes');
    expect(idOf('skills', 'Postgres')).toBe('postgresql');
    expect(idOf('skills', 'NodeJS')).toBe('nodejs');
    expect(idOf('skills', 'node.js')).toBe('nodejs');
    expect(idOf('skills', 'MS SQL')).toBe('sql-server');
    expect(idOf('skills', 'dotnet')).toBe('dotnet');
    expect(idOf('skills', '.NET')).toBe('dotnet');
    expect(idOf('skills', 'csharp')).toBe('csharp');
    expect(idOf('skills', 'kravhantering')).toBe('requirements-management');
    expect(idOf('skills', 'Procurement')).toBe(idOf('skills', 'Upphandling'));
  });

  it('answers the same after its cache of resolutions fills up and starts over', () => {
    const index = getVocabularyIndex('skills');
    const free = Array.from({ length: 25_000 }, (_, i) => `Egen metod ${i}`);
    for (const text of free) expect(index.resolve(text)).toEqual({ freeText: text });
    expect(index.resolve('JS')).toMatchObject({ id: 'javascript' });
    expect(index.resolve(' Egen metod 3 ')).toEqual({ freeText: 'Egen metod 3' });
    expect(index.resolve('JS')).toMatchObject({ id: 'javascript' });
  });

  it('keeps C, C++ and C# apart', () => {
    const ids = ['C', 'C++', 'C#'].map((text) => idOf('skills', text));
    expect(ids).toEqual(['c', 'cpp', 'csharp']);
  });

  it('maps Swedish and English job titles to the same id', () => {
    expect(idOf('jobTitles', 'Projektledare')).toBe('project-manager');
    expect(idOf('jobTitles', 'Project manager')).toBe('project-manager');
    expect(idOf('jobTitles', 'projektledare ')).toBe('project-manager');
    expect(idOf('jobTitles', 'Utvecklare')).toBe('software-developer');
    expect(idOf('jobTitles', 'Scrummaster')).toBe('scrum-master');
  });

  it('accepts ISO codes and native names for languages', () => {
    expect(idOf('languages', 'Norska')).toBe('no');
    expect(idOf('languages', 'Norwegian')).toBe('no');
    expect(idOf('languages', 'sv')).toBe('sv');
    expect(idOf('languages', 'Deutsch')).toBe('de');
    expect(idOf('languages', 'Farsi')).toBe('fa');
  });

  it('matches abbreviated degrees however they are dotted', () => {
    expect(idOf('degrees', 'Ph.D.')).toBe('filosofie-doktor');
    expect(idOf('degrees', 'PhD')).toBe('filosofie-doktor');
    expect(idOf('degrees', 'jur kand')).toBe('juristexamen');
    expect(idOf('fieldsOfStudy', 'Datavetenskap')).toBe(idOf('fieldsOfStudy', 'computer science'));
  });

  it('leaves unknown text as trimmed free text', () => {
    expect(getVocabularyIndex('skills').resolve('  Quantum basket weaving ')).toEqual({
      freeText: 'Quantum basket weaving',
    });
    expect(getVocabularyIndex('skills').resolve('')).toEqual({ freeText: '' });
  });

  it('returns the entry with the id', () => {
    const resolution = getVocabularyIndex('skills').resolve('JS');
    expect(resolution).toEqual({ id: 'javascript', entry: expect.objectContaining({ en: 'JavaScript' }) });
  });
});

describe('getById and label', () => {
  const index = getVocabularyIndex('skills');

  it('finds entries and labels by id', () => {
    expect(index.getById('project-management')?.sv).toBe('Projektledning');
    expect(index.label('project-management', 'sv')).toBe('Projektledning');
    expect(index.label('project-management', 'en')).toBe('Project management');
  });

  it('returns undefined for unknown ids', () => {
    expect(index.getById('quantum-basket-weaving')).toBeUndefined();
    expect(index.label('quantum-basket-weaving', 'en')).toBeUndefined();
  });
});

describe('suggest', () => {
  const skills = getVocabularyIndex('skills');
  const ids = (prefix: string, locale: 'sv' | 'en', limit?: number) =>
    skills.suggest(prefix, locale, limit).map((suggestion) => suggestion.id);

  it('puts the label with the prefix first', () => {
    expect(skills.suggest('javas', 'en')[0]).toMatchObject({ id: 'javascript', label: 'JavaScript' });
  });

  it('tolerates one typo', () => {
    expect(ids('jva', 'en')).toContain('java');
    expect(ids('kubrenetes', 'en')).toContain('kubernetes');
    expect(ids('pyhton', 'en')[0]).toBe('python');
  });

  it('finds Swedish labels in Swedish', () => {
    const suggestions = skills.suggest('proj', 'sv');
    expect(suggestions.map((suggestion) => suggestion.label)).toContain('Projektledning');
  });

  it('ranks an exact match first, then label prefixes alphabetically', () => {
    expect(ids('java', 'en').slice(0, 2)).toEqual(['java', 'javascript']);
    expect(ids('c', 'en')[0]).toBe('c');
  });

  it('ranks alias prefixes after label prefixes', () => {
    const azure = ids('azure', 'en', 20);
    // 'Azure' is an alias of Microsoft Azure, so it matches exactly.
    expect(azure.slice(0, 8)).toEqual([
      'azure',
      'cosmos-db',
      'azure-data-factory',
      'azure-devops',
      'azure-functions',
      'azure-openai',
      'azure-service-bus',
      'azure-synapse',
    ]);
    // Then entries found through aliases such as 'Azure AD' and 'Azure Bicep'.
    expect(azure.slice(8, 12)).toEqual(['bicep', 'databricks', 'entra-id', 'microsoft-sentinel']);
  });

  it('prefers labels in the requested locale to those in the other', () => {
    // 'Projektledning' starts with 'projekt' only in Swedish; in English it is found through its Swedish label.
    const english = skills.suggest('projektled', 'en');
    expect(english[0]).toMatchObject({ id: 'project-management', label: 'Project management' });
  });

  it('finds later words of a label', () => {
    const titles = getVocabularyIndex('jobTitles').suggest('manager', 'en', 50);
    expect(titles.map((suggestion) => suggestion.id)).toEqual(
      expect.arrayContaining(['project-manager', 'test-manager', 'interim-manager']),
    );
  });

  it('finds words inside Swedish compounds', () => {
    const titles = getVocabularyIndex('jobTitles').suggest('arkitekt', 'sv');
    expect(titles.map((suggestion) => suggestion.label)).toEqual(
      expect.arrayContaining(['IT-arkitekt', 'Systemarkitekt', 'Molnarkitekt']),
    );
    expect(ids('sql', 'en', 20)).toEqual(expect.arrayContaining(['postgresql', 'mysql']));
  });

  it('matches a language by its ISO code first', () => {
    expect(getVocabularyIndex('languages').suggest('no', 'sv')[0]).toMatchObject({
      id: 'no',
      label: 'Norska',
    });
  });

  it('deduplicates by id and respects the limit', () => {
    const suggestions = ids('s', 'en', 25);
    expect(suggestions).toHaveLength(25);
    expect(new Set(suggestions).size).toBe(25);
    expect(ids('java', 'en', 1)).toEqual(['java']);
  });

  it('returns nothing for an empty prefix', () => {
    expect(skills.suggest('  ', 'en')).toEqual([]);
  });
});

describe('the combined version', () => {
  it('names every vocabulary and its version', () => {
    expect(VOCABULARY_VERSION).toBe('skills@1,jobTitles@1,languages@1,degrees@1,fieldsOfStudy@1');
  });

  it('builds an index for any vocabulary', () => {
    const index = createVocabularyIndex({
      kind: 'skills',
      version: 7,
      entries: [{ id: 'rust', sv: 'Rust', en: 'Rust', aliases: ['Rust lang'] }],
    });
    expect(index.version).toBe(7);
    expect(index.resolve('rust-lang')).toMatchObject({ id: 'rust' });
  });
});
