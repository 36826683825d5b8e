import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestProfiles, makeProfile } from '@mp/test-support/profile-sources';
import { buildConsultantDocument } from './document';
import { MAPPING_VERSION } from './mapping';
import { DOCUMENT_BUILD, serializeStoredDocument, storedDocumentKey } from './stored-document';
import { installVocabularies, installedVocabularyRevision, vocabularies } from './vocabulary/vocabulary';

afterEach(() => installVocabularies(vocabularies));

describe('storedDocumentKey', () => {
  it('is null while the shipped vocabularies are installed: nothing built here may be stored', () => {
    expect(installedVocabularyRevision()).toBeNull();
    expect(storedDocumentKey()).toBeNull();
  });

  it("names the mapping version, the build and the database's vocabulary revision", () => {
    installVocabularies(vocabularies, 7);
    expect(storedDocumentKey()).toBe(`m${MAPPING_VERSION}.b${DOCUMENT_BUILD}.r7`);
    installVocabularies(vocabularies, 8);
    expect(storedDocumentKey()).toBe(`m${MAPPING_VERSION}.b${DOCUMENT_BUILD}.r8`);
    installVocabularies(vocabularies);
    expect(storedDocumentKey()).toBeNull();
  });
});

describe('serializeStoredDocument', () => {
  it('is the JSON text of the built document for a searchable profile', () => {
    const source = makeProfile({ shortDescription: 'Kodar "allt" i\nTypeScript' });
    const text = serializeStoredDocument(source);
    expect(text).not.toBeNull();
    expect(JSON.parse(text!)).toEqual(JSON.parse(JSON.stringify(buildConsultantDocument(source))));
  });

  it('is null for a hidden or deleted profile (the indexer removes it)', () => {
    expect(serializeStoredDocument(makeProfile({ isSearchable: false }))).toBeNull();
    expect(serializeStoredDocument(makeProfile({ deleted: true }))).toBeNull();
  });
});

describe('DOCUMENT_BUILD', () => {
  // The documents of the fixed test profiles, pinned. When this fails, the builder now builds something else:
  // bump DOCUMENT_BUILD (so documents stored by the earlier build are rebuilt, not shipped) and pin the new
  // digest. A change of the shipped vocabularies' data moves it too; bumping then costs only a rebuild.
  it('is bumped whenever the documents built from the same sources change', () => {
    const documents = buildTestProfiles().map((profile, i) =>
      buildConsultantDocument({
        ...profile,
        userId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        lastName: `Fixture ${i + 1}`,
      }),
    );
    const digest = createHash('sha256').update(JSON.stringify(documents)).digest('hex').slice(0, 16);
    expect({ build: DOCUMENT_BUILD, digest }).toEqual({ build: 1, digest: 'e4781c7ebb26c74c' });
  });
});
