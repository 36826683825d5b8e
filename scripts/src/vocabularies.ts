import type { Database } from '@mp/migrations/database';
import { loadVocabularies } from '@mp/migrations/vocabulary-store';
import { installVocabularies } from '@mp/search-schema';
import type { Kysely } from 'kysely';

/**
 * Installs the database's vocabularies (god/vocabulary edits them) in this process, as the API and the indexer
 * do, so documents, resolutions and search terms use the same labels. An empty table keeps the shipped ones.
 */
export async function installDatabaseVocabularies(db: Kysely<Database>): Promise<void> {
  const { vocabularies, revision } = await loadVocabularies(db);
  if (Object.values(vocabularies).some((vocabulary) => vocabulary.entries.length > 0))
    installVocabularies(vocabularies, revision);
}
