import { sql, type Kysely } from 'kysely';
import type { Database, VocabularyKind as TableKind } from './database';

// The vocabularies as the database holds them (god/vocabulary edits them), in the shape search-schema's
// `installVocabularies` takes. Shared by the API and the indexer, which each keep one copy in memory and
// reload it when the revision moves.

/** search-schema's kind names and the table's. */
export const VOCABULARY_TABLE_KINDS = {
  skills: 'skills',
  jobTitles: 'job_titles',
  languages: 'languages',
  degrees: 'degrees',
  fieldsOfStudy: 'fields_of_study',
} as const satisfies Record<string, TableKind>;

export type StoredVocabularyKind = keyof typeof VOCABULARY_TABLE_KINDS;

export interface StoredVocabularyEntry {
  id: string;
  sv: string;
  en: string;
  aliases: string[];
  category?: string;
}

export interface StoredVocabularies {
  revision: number;
  vocabularies: Record<
    StoredVocabularyKind,
    { kind: StoredVocabularyKind; version: number; entries: StoredVocabularyEntry[] }
  >;
}

export const toTableKind = (kind: StoredVocabularyKind): TableKind => VOCABULARY_TABLE_KINDS[kind];

/** The current revision (one tiny read): compare it with the loaded one to know whether to reload. */
export async function readVocabularyRevision(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('vocabulary_revision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** Every active entry of every kind, in their order, read in one repeatable-read snapshot with its revision. */
export async function loadVocabularies(db: Kysely<Database>): Promise<StoredVocabularies> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const revision = await readVocabularyRevision(trx);
      const rows = await trx
        .selectFrom('vocabulary_entries')
        .select(['kind', 'id', 'label_sv', 'label_en', 'aliases', 'category'])
        .select(sql<number>`max(version) over (partition by kind)`.as('kind_version'))
        .where('active', '=', true)
        .orderBy('kind')
        .orderBy('position')
        .orderBy('id')
        .execute();
      const vocabularies = Object.fromEntries(
        Object.keys(VOCABULARY_TABLE_KINDS).map((kind) => [kind, { kind, version: 1, entries: [] }]),
      ) as unknown as StoredVocabularies['vocabularies'];
      const kindOf = new Map(
        Object.entries(VOCABULARY_TABLE_KINDS).map(([kind, table]) => [table, kind as StoredVocabularyKind]),
      );
      for (const row of rows) {
        const kind = kindOf.get(row.kind);
        if (!kind) continue;
        const vocabulary = vocabularies[kind];
        vocabulary.version = Math.max(vocabulary.version, Number(row.kind_version));
        vocabulary.entries.push({
          id: row.id,
          sv: row.label_sv,
          en: row.label_en,
          aliases: row.aliases,
          ...(row.category ? { category: row.category } : {}),
        });
      }
      return { revision, vocabularies };
    });
}

export interface VocabularyCache {
  /** The revision installed last (0 before the first load). */
  readonly revision: number;
  /** Loads and installs the database's vocabularies now. */
  reload(): Promise<void>;
  /** Reloads only when the database's revision moved since the last load (one small query otherwise). */
  ensureCurrent(): Promise<void>;
}

/**
 * Keeps a process's vocabularies in step with the database: `install` receives each loaded set (the API and
 * the indexer pass search-schema's `installVocabularies`). Concurrent calls share one load.
 */
export function createVocabularyCache(
  db: Kysely<Database>,
  install: (vocabularies: StoredVocabularies['vocabularies'], revision: number) => void,
): VocabularyCache {
  let revision = 0;
  let loading: Promise<void> | undefined;
  const reload = () => {
    loading ??= loadVocabularies(db)
      .then((loaded) => {
        install(loaded.vocabularies, loaded.revision);
        revision = loaded.revision;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return {
    get revision() {
      return revision;
    },
    reload,
    async ensureCurrent() {
      const wanted = await readVocabularyRevision(db);
      // A load already under way may have started before the change: then one more.
      for (let attempt = 0; attempt < 2 && revision < wanted; attempt++) await reload();
    },
  };
}
