import { buildConsultantDocument } from './document';
import { MAPPING_VERSION } from './mapping';
import type { ProfileSource } from './profile-source.schema';
import { installedVocabularyRevision } from './vocabulary/vocabulary';

// The profile service builds each profile's search document when it writes the profile (in the write's
// transaction, beside the search source) and stores it as JSON text, so under a heavy load the indexer ships
// text to Elasticsearch instead of parsing sources and building documents on the cores Elasticsearch needs.
// A stored document is only used while its key matches the indexer's own: same mapping version, same builder
// and the same database vocabulary revision. Anything else (a vocabulary change, a new build, a process
// running the shipped vocabularies) and the indexer builds the document from the source, as it always could.

/**
 * Bump whenever `buildConsultantDocument` builds something else for the same source and vocabularies without
 * a new `MAPPING_VERSION` (the digest pinned in stored-document.test.ts fails until you do): documents stored
 * by an earlier build are then rebuilt from their sources by the indexer instead of being shipped as they are.
 */
export const DOCUMENT_BUILD = 1;

/**
 * What a document built in this process now is keyed by, or `null` when this process's vocabularies are not
 * the database's (then nothing is stored and the indexer builds the document).
 */
export function storedDocumentKey(): string | null {
  const revision = installedVocabularyRevision();
  return revision === null ? null : `m${MAPPING_VERSION}.b${DOCUMENT_BUILD}.r${revision}`;
}

/**
 * The stored form of a profile's search document: its JSON text when the profile is searchable, `null` when it
 * is hidden or deleted (the indexer removes it). Throws when the document cannot be built.
 */
export function serializeStoredDocument(source: ProfileSource): string | null {
  return source.isSearchable && !source.deleted ? JSON.stringify(buildConsultantDocument(source)) : null;
}
