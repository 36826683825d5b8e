import type { Database } from '@mp/migrations/database';
import { toTableKind } from '@mp/migrations/vocabulary-store';
import { installedVocabularyRevision } from '@mp/search-schema';
import { resolveTerm } from '@mp/search-schema/vocabulary-resolver';
import type { Transaction } from 'kysely';
import type { TermResolver } from './profile-parts';
import { lockActiveVocabularyEntries } from './profile.repository';

const keyOf = (kind: Parameters<TermResolver>[0], id: string) => `${toTableKind(kind)}\n${id}`;

/**
 * Builds a save's part rows (`build` maps words to entries with the resolver it is given) so that the entries
 * they store are in the database's vocabulary when the save commits. This process's vocabularies may still hold
 * an entry an admin has just deleted (the change is announced after it commits), and a delete counting the
 * profiles that use an entry does not see a save not yet committed. So the entries the rows store are locked
 * FOR SHARE before any row is written: a delete (which locks its entry before counting) either waits for this
 * save and then counts it (and refuses), or has committed, and then its entry is not found active here and the
 * words stay the consultant's own, as for any word no active entry has. A process resolving with the shipped
 * vocabularies (not the database's, e.g. while the database could not be read at start) has nothing to check.
 */
export async function buildWithActiveEntries<T>(
  trx: Transaction<Database>,
  build: (resolve: TermResolver) => T,
): Promise<T> {
  if (installedVocabularyRevision() === null) return build(resolveTerm);
  const stored = new Map<string, { kind: ReturnType<typeof toTableKind>; id: string }>();
  const rows = build((kind, text) => {
    const term = resolveTerm(kind, text);
    if (term.id) stored.set(keyOf(kind, term.id), { kind: toTableKind(kind), id: term.id });
    return term;
  });
  const active = await lockActiveVocabularyEntries(trx, [...stored.values()]);
  if (active.length === stored.size) return rows;
  const activeKeys = new Set(active.map((e) => `${e.kind}\n${e.id}`));
  return build((kind, text) => {
    const term = resolveTerm(kind, text);
    // Gone meanwhile: what `resolveTerm` answers for words no entry has.
    return term.id && !activeKeys.has(keyOf(kind, term.id)) ? { id: null, name: text.trim() } : term;
  });
}
