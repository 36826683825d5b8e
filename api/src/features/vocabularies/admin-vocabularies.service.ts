import type { Database } from '@mp/migrations/database';
import { toTableKind } from '@mp/migrations/vocabulary-store';
import { findVocabularyCollisions, normalizeVocabularyText, type VocabularyEntry } from '@mp/search-schema';
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '@mp/domain';
import { AppError, validationError } from '../../errors';
import { recordAuditEvent } from '../../lib/audit';
import {
  bumpRevision,
  countUsage,
  lockVocabularyEntries,
  findChanges,
  findFreeTexts,
  findProfilesUsing,
  insertChange,
  listEntries,
  moveReferences,
  reindexProfiles,
  selectEntries,
  syncStoredLabels,
  type EntryRow,
} from './admin-vocabularies.repository';
import type {
  AdminVocabularyEntry,
  AdminVocabularyKind,
  VocabularyChange,
  VocabularyEntryCreate,
  VocabularyEntryInput,
} from '@mp/api-contract/admin-vocabularies.schema';

// god/vocabulary: edits of the vocabularies in the database. Every change runs in one transaction that also
// moves the vocabulary revision (so every process reloads) and sends exactly the profiles whose search
// documents it changes through the outbox to the indexer; the change row's outbox rows are its progress.

const entryNotFound = () => new AppError('VOCABULARY_ENTRY_NOT_FOUND');

const KIND_OF_TABLE = {
  skills: 'skills',
  job_titles: 'jobTitles',
  languages: 'languages',
  degrees: 'degrees',
  fields_of_study: 'fieldsOfStudy',
} as const;

function toEntry(row: EntryRow, usage: number): AdminVocabularyEntry {
  return {
    id: row.id,
    sv: row.label_sv,
    en: row.label_en,
    aliases: row.aliases,
    category: row.category,
    usage,
    version: Number(row.version),
    updatedAt: row.updated_at.toISOString(),
  };
}

const asVocabularyEntry = (row: EntryRow): VocabularyEntry => ({
  id: row.id,
  sv: row.label_sv,
  en: row.label_en,
  aliases: row.aliases,
});

/** Aliases without blanks, repeats, or spellings that are already one of the entry's labels or its id. */
function cleanAliases(entry: { id: string; sv: string; en: string }, aliases: readonly string[]) {
  const seen = new Set([entry.id, entry.sv, entry.en].map(normalizeVocabularyText));
  const kept: string[] = [];
  for (const alias of aliases) {
    const key = normalizeVocabularyText(alias);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(alias.trim());
  }
  return kept;
}

/** 409 when a spelling of the changed entries would resolve to two entries (search could not tell them apart). */
function assertNoCollision(kind: AdminVocabularyKind, entries: VocabularyEntry[], changedIds: Set<string>) {
  const collision = findVocabularyCollisions({ kind, version: 1, entries }).find((c) =>
    c.ids.some((id) => changedIds.has(id)),
  );
  if (!collision) return;
  const other = collision.ids.find((id) => !changedIds.has(id)) ?? collision.ids[0]!;
  throw new AppError('VOCABULARY_TEXT_TAKEN', { params: { text: collision.key, other } });
}

/** Free texts of profiles that the entry's spellings now resolve to (they join the entry when reindexed). */
async function freeTextsMatching(
  trx: Transaction<Database>,
  kind: AdminVocabularyKind,
  entry: VocabularyEntry,
) {
  const spellings = new Set([entry.id, entry.sv, entry.en, ...entry.aliases].map(normalizeVocabularyText));
  const compact = new Set([...spellings].map((s) => s.replaceAll(' ', '')));
  return (await findFreeTexts(trx, kind)).filter((text) => {
    const normalized = normalizeVocabularyText(text);
    return spellings.has(normalized) || compact.has(normalized.replaceAll(' ', ''));
  });
}

function toChange(row: Awaited<ReturnType<typeof findChanges>>[number]): VocabularyChange {
  const profiles = Number(row.profiles);
  const indexed = Math.max(0, profiles - Number(row.pending));
  return {
    id: row.id,
    kind: KIND_OF_TABLE[row.kind],
    entryId: row.entry_id,
    action: row.action,
    mergedId: row.merged_id,
    profiles,
    indexed,
    done: indexed >= profiles,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listVocabulary(
  db: Kysely<Database>,
  kind: AdminVocabularyKind,
  query: { q?: string; page: number; pageSize: number },
) {
  const { rows, total } = await listEntries(db, kind, {
    q: query.q,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const usage = await countUsage(
    db,
    kind,
    rows.map((row) => row.id),
  );
  return {
    entries: rows.map((row) => toEntry(row, usage.get(row.id) ?? 0)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getVocabularyChange(db: Kysely<Database>, id: string): Promise<VocabularyChange> {
  const [row] = await findChanges(db, { id, limit: 1 });
  if (!row) throw new AppError('VOCABULARY_CHANGE_NOT_FOUND');
  return toChange(row);
}

export async function listVocabularyChanges(db: Kysely<Database>, limit: number) {
  return { changes: (await findChanges(db, { limit })).map(toChange) };
}

interface ChangeContext {
  db: Kysely<Database>;
  actorUserId: string;
  ip?: string;
  /** The request's language, for refusals that name a field. */
  locale: Locale;
}

/** The edit's transaction: lock (revision), change, reindex the affected profiles, record and audit it. */
async function applyChange(
  context: ChangeContext,
  kind: AdminVocabularyKind,
  edit: (
    trx: Transaction<Database>,
    entries: EntryRow[],
  ) => Promise<{
    entryId: string;
    action: 'create' | 'update' | 'merge' | 'delete';
    mergedId?: string;
    profileIds: string[];
    audit: Record<string, string | string[]>;
  }>,
) {
  return context.db.transaction().execute(async (trx) => {
    await bumpRevision(trx);
    const entries = await selectEntries(trx, kind).orderBy('position').orderBy('id').execute();
    const result = await edit(trx, entries);
    const change = await insertChange(trx, { kind, ...result, actorUserId: context.actorUserId });
    const profiles = await reindexProfiles(trx, result.profileIds, change.id);
    await trx.updateTable('vocabulary_changes').set({ profiles }).where('id', '=', change.id).execute();
    await recordAuditEvent(trx, {
      actorUserId: context.actorUserId,
      action: `admin.vocabulary.${result.action}`,
      subjectType: `vocabulary.${kind}`,
      subjectId: result.entryId,
      data: { ...result.audit, profiles, changeId: change.id },
      ip: context.ip ?? null,
    });
    return change.id;
  });
}

async function respond(
  context: ChangeContext & { changed: () => Promise<void> },
  kind: AdminVocabularyKind,
  entryId: string,
  changeId: string,
) {
  // The change is committed: this process reloads at once, the others on the announcement.
  await context.changed();
  const row = await selectEntries(context.db, kind).where('id', '=', entryId).executeTakeFirstOrThrow();
  const usage = await countUsage(context.db, kind, [entryId]);
  return {
    entry: toEntry(row, usage.get(entryId) ?? 0),
    change: await getVocabularyChange(context.db, changeId),
  };
}

function slugOf(text: string) {
  return normalizeVocabularyText(text)
    .replace(/c#/g, 'csharp')
    .replace(/\+\+/g, 'pp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The id of a new entry: the one given, else a slug of the English label, else of the Swedish one (a label
 * in another script, or only emoji, has no letters a-z or digits to make one from). Without one, or with a
 * language id that is no two-letter code, 400 VALIDATION_FAILED with the field in `data.issues`.
 */
function newEntryId(kind: AdminVocabularyKind, input: VocabularyEntryCreate, locale: Locale) {
  const id = input.id ?? (slugOf(input.en) || slugOf(input.sv));
  if (!id) {
    throw validationError(
      [
        { path: ['en'], message: 'validation.vocabularyLabelWithoutId', code: 'custom' },
        { path: ['sv'], message: 'validation.vocabularyLabelWithoutId', code: 'custom' },
      ],
      locale,
    );
  }
  if (kind === 'languages' && !/^[a-z]{2}$/.test(id)) {
    throw validationError(
      [{ path: [input.id ? 'id' : 'en'], message: 'validation.invalidLanguageId', code: 'custom' }],
      locale,
    );
  }
  return id;
}

/**
 * A new entry, last in its kind (the id of a deleted entry may be given again: that entry comes back with the
 * new labels). Profiles whose own words are one of its spellings join it.
 */
export async function createVocabularyEntry(
  context: ChangeContext & { changed: () => Promise<void> },
  kind: AdminVocabularyKind,
  input: VocabularyEntryCreate,
) {
  const id = newEntryId(kind, input, context.locale);
  const changeId = await applyChange(context, kind, async (trx, entries) => {
    const exists = await trx
      .selectFrom('vocabulary_entries')
      .select(['id', 'active', 'merged_into'])
      .where('kind', '=', toTableKind(kind))
      .where('id', '=', id)
      .executeTakeFirst();
    // A deleted entry's id may be used again (a merged one's lives on as an alias of the entry it joined).
    const deleted = exists && !exists.active && exists.merged_into === null;
    if (exists && !deleted) throw new AppError('VOCABULARY_ENTRY_EXISTS');
    const entry = { id, sv: input.sv, en: input.en, aliases: cleanAliases({ id, ...input }, input.aliases) };
    assertNoCollision(kind, [...entries.map(asVocabularyEntry), entry], new Set([id]));
    const position = Math.max(-1, ...entries.map((e) => e.position)) + 1;
    const columns = {
      label_sv: entry.sv,
      label_en: entry.en,
      aliases: entry.aliases,
      category: input.category ?? null,
      position,
    };
    if (deleted) {
      await trx
        .updateTable('vocabulary_entries')
        .set({ ...columns, active: true, version: (eb) => eb('version', '+', 1) })
        .where('kind', '=', toTableKind(kind))
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('vocabulary_entries')
        .values({ kind: toTableKind(kind), id, ...columns })
        .execute();
    }
    const texts = await freeTextsMatching(trx, kind, entry);
    return {
      entryId: id,
      action: 'create' as const,
      profileIds: texts.length ? await findProfilesUsing(trx, kind, [], texts) : [],
      audit: { sv: entry.sv, en: entry.en, aliases: entry.aliases },
    };
  });
  return respond(context, kind, id, changeId);
}

/**
 * New labels and aliases for an entry. The profiles that have it (and those whose own words are a new
 * spelling) are reindexed; the labels stored beside the id follow the English label.
 */
export async function updateVocabularyEntry(
  context: ChangeContext & { changed: () => Promise<void> },
  kind: AdminVocabularyKind,
  id: string,
  input: VocabularyEntryInput,
) {
  const changeId = await applyChange(context, kind, async (trx, entries) => {
    const current = entries.find((e) => e.id === id);
    if (!current) throw entryNotFound();
    const entry = { id, sv: input.sv, en: input.en, aliases: cleanAliases({ id, ...input }, input.aliases) };
    assertNoCollision(
      kind,
      entries.map((e) => (e.id === id ? entry : asVocabularyEntry(e))),
      new Set([id]),
    );
    await trx
      .updateTable('vocabulary_entries')
      .set({
        label_sv: entry.sv,
        label_en: entry.en,
        aliases: entry.aliases,
        version: (eb) => eb('version', '+', 1),
      })
      .where('kind', '=', toTableKind(kind))
      .where('id', '=', id)
      .execute();
    await syncStoredLabels(trx, kind, id, entry.en);
    // Saved unchanged: no document changes, so nothing to reindex.
    const unchanged =
      entry.sv === current.label_sv &&
      entry.en === current.label_en &&
      entry.aliases.join('\n') === current.aliases.join('\n');
    const texts = unchanged ? [] : await freeTextsMatching(trx, kind, entry);
    return {
      entryId: id,
      action: 'update' as const,
      profileIds: unchanged ? [] : await findProfilesUsing(trx, kind, [id], texts),
      audit: {
        from: [current.label_sv, current.label_en],
        to: [entry.sv, entry.en],
        aliases: entry.aliases,
      },
    };
  });
  return respond(context, kind, id, changeId);
}

/**
 * Merges `id` into `into`: every profile with `id` gets `into` (a profile with both keeps one, with the longer
 * experience and the later last use), `id`'s labels and aliases become aliases of `into`, and `id` is retired
 * (inactive, `merged_into`). The profiles that had either are reindexed.
 */
export async function mergeVocabularyEntries(
  context: ChangeContext & { changed: () => Promise<void> },
  kind: AdminVocabularyKind,
  id: string,
  into: string,
) {
  if (id === into) throw new AppError('VOCABULARY_MERGE_SELF');
  const changeId = await applyChange(context, kind, async (trx, entries) => {
    const from = entries.find((e) => e.id === id);
    const target = entries.find((e) => e.id === into);
    if (!from || !target) throw entryNotFound();
    // Both rows locked before the profiles are looked up: a profile save storing either holds it FOR SHARE
    // until it commits (profiles/active-entries.ts), so the merge waits for it and then moves its rows too,
    // and a save that comes after finds the merged entry inactive.
    await lockVocabularyEntries(trx, kind, [id, into]);
    const profileIds = await findProfilesUsing(trx, kind, [id, into]);
    const merged = {
      id: into,
      sv: target.label_sv,
      en: target.label_en,
      aliases: cleanAliases(
        { id: into, sv: target.label_sv, en: target.label_en },
        // The retired id too, so saved searches that name it resolve to the entry that stays.
        [...target.aliases, from.label_sv, from.label_en, from.id, ...from.aliases],
      ),
    };
    const remaining = entries
      .filter((e) => e.id !== id)
      .map((e) => (e.id === into ? merged : asVocabularyEntry(e)));
    assertNoCollision(kind, remaining, new Set([into]));
    await moveReferences(trx, kind, id, { id: into, en: merged.en });
    await trx
      .updateTable('vocabulary_entries')
      .set({ aliases: merged.aliases, version: (eb) => eb('version', '+', 1) })
      .where('kind', '=', toTableKind(kind))
      .where('id', '=', into)
      .execute();
    await trx
      .updateTable('vocabulary_entries')
      .set({ active: false, merged_into: into, version: (eb) => eb('version', '+', 1) })
      .where('kind', '=', toTableKind(kind))
      .where('id', '=', id)
      .execute();
    // Entries merged into `id` earlier now live on `into`.
    await trx
      .updateTable('vocabulary_entries')
      .set({ merged_into: into })
      .where('kind', '=', toTableKind(kind))
      .where('merged_into', '=', id)
      .execute();
    return {
      entryId: into,
      action: 'merge' as const,
      mergedId: id,
      profileIds,
      audit: { merged: id, into },
    };
  });
  return respond(context, kind, into, changeId);
}

/**
 * Takes an entry no profile uses out of the vocabulary: it is deactivated (kept as a row, like a merged entry,
 * but without a successor), so suggestions, search terms and every process's vocabulary drop it once the
 * change is announced, and its id may be used again. An entry in use is refused (409
 * VOCABULARY_ENTRY_IN_USE, saying how many profiles use it): merging moves those profiles to another entry.
 * The usage is counted in the change's transaction, which the revision row serialises with every other change,
 * under the entry's row lock, which serialises it with the profile saves that store the entry.
 */
export async function deleteVocabularyEntry(
  context: ChangeContext & { changed: () => Promise<void> },
  kind: AdminVocabularyKind,
  id: string,
) {
  const changeId = await applyChange(context, kind, async (trx, entries) => {
    const current = entries.find((e) => e.id === id);
    if (!current) throw entryNotFound();
    // The entry's row lock before the count: a profile save storing the entry holds it FOR SHARE from before
    // it writes until it commits (profiles/active-entries.ts), so the count waits for that save and sees it,
    // and a save that comes after finds the entry inactive.
    await lockVocabularyEntries(trx, kind, [id]);
    const profiles = (await countUsage(trx, kind, [id])).get(id) ?? 0;
    if (profiles > 0) {
      throw new AppError('VOCABULARY_ENTRY_IN_USE', {
        ...(profiles === 1 ? { message: 'error.vocabularyEntryInUseOne' } : {}),
        params: { count: profiles },
        data: { profiles },
      });
    }
    await trx
      .updateTable('vocabulary_entries')
      .set({ active: false, version: (eb) => eb('version', '+', 1) })
      .where('kind', '=', toTableKind(kind))
      .where('id', '=', id)
      .execute();
    return {
      entryId: id,
      action: 'delete' as const,
      // No profile stores the entry, and none has its spellings as its own words (they would have joined it).
      profileIds: [],
      audit: { sv: current.label_sv, en: current.label_en, aliases: current.aliases },
    };
  });
  // Committed: this process reloads at once, the others on the announcement.
  await context.changed();
  return { change: await getVocabularyChange(context.db, changeId) };
}
