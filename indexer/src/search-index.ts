import type { Client, estypes } from '@elastic/elasticsearch';
import {
  buildConsultantDocument,
  buildIndexDefinition,
  MAPPING_VERSION,
  type ProfileSource,
} from '@mp/search-schema';

export const versionedIndexName = (alias: string, version: number) => `${alias}_v${version}`;

/** Indices behind or named like the alias, newest version first. */
export async function listVersionedIndices(
  client: Client,
  alias: string,
): Promise<{ name: string; version: number }[]> {
  const indices = await client.cat.indices({ index: `${alias}_v*`, format: 'json', h: ['index'] });
  return indices
    .map((i) => i.index ?? '')
    .map((name) => ({ name, version: Number(/_v(\d+)$/.exec(name)?.[1] ?? NaN) }))
    .filter((i) => Number.isInteger(i.version))
    .sort((a, b) => b.version - a.version);
}

export async function indicesBehindAlias(client: Client, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists) return [];
  return Object.keys(await client.indices.getAlias({ name: alias }));
}

/** Creates `<alias>_v1` with the current mapping and points the alias at it, unless the alias exists. */
export async function ensureSearchIndex(
  client: Client,
  alias: string,
  options: { shards?: number; replicas?: number } = {},
): Promise<string> {
  const current = await indicesBehindAlias(client, alias);
  if (current[0]) return current[0];
  const newest = (await listVersionedIndices(client, alias))[0];
  const name = versionedIndexName(alias, (newest?.version ?? 0) + 1);
  await client.indices.create({ index: name, ...buildIndexDefinition(options) });
  await client.indices.updateAliases({ actions: [{ add: { index: name, alias } }] });
  return name;
}

/**
 * The mapping version an index was created with (`_meta.mappingVersion`), or null when it has none. An index
 * older than this build's `MAPPING_VERSION` refuses documents with new fields (the mapping is strict) until a
 * reindex swaps the alias to a new index.
 */
export async function readMappingVersion(client: Client, index: string): Promise<number | null> {
  const response = await client.indices.getMapping({ index });
  const meta = response[index]?.mappings?._meta as { mappingVersion?: unknown } | undefined;
  return typeof meta?.mappingVersion === 'number' ? meta.mappingVersion : null;
}

/** Whether the index behind the alias is older than this build's mapping (then `npm run reindex`). */
export async function isIndexOutdated(client: Client, index: string): Promise<boolean> {
  const version = await readMappingVersion(client, index);
  return version === null || version < MAPPING_VERSION;
}

export interface BulkWriteResult {
  indexed: number;
  deleted: number;
  /** Writes refused because the index already holds a newer version: expected, harmless. */
  stale: number;
}

/** A profile the index could not take. */
export interface ProfileWriteFailure {
  userId: string;
  version: number;
  /** Elasticsearch's status for the item; null when the document could not even be built. */
  status: number | null;
  type: string;
  reason: string;
}

export interface ProfileWriteOutcome extends BulkWriteResult {
  /** Permanent: a document that cannot be built, or a 4xx for the item (a mapping error). Retrying won't help. */
  rejected: ProfileWriteFailure[];
  /** Transient: 429, 5xx or a missing alias for the item. Worth retrying with backoff. */
  retryable: ProfileWriteFailure[];
}

/** Item errors that say "not now" rather than "never": overload, shard trouble, the alias not created yet. */
function isRetryableItem(status: number, type: string | undefined): boolean {
  return status === 429 || status >= 500 || type === 'index_not_found_exception';
}

/** A profile's search document as the profile service stored it: JSON text, or null to remove the profile. */
export interface PrebuiltDocument {
  userId: string;
  version: number;
  document: string | null;
}

/**
 * A bulk request's body as bytes: each line encoded once into one buffer, a newline after each. Handing the
 * client the lines to join instead made one string of the whole batch, which V8 keeps at two bytes a character
 * as soon as one line holds å, ä or ö (nearly every document does): for 1,000 documents ~7 MB of string that
 * was flattened, measured and encoded again before it was sent. Timed over 20 batches of stored documents:
 * 21-30 ms of CPU per batch that way, 4-9 ms this way, on the cores Elasticsearch needs during a heavy load.
 */
export function ndjsonBody(lines: readonly string[]): Buffer {
  let size = 0;
  for (const line of lines) size += Buffer.byteLength(line) + 1;
  const body = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const line of lines) {
    offset += body.write(line, offset);
    body[offset++] = 0x0a;
  }
  return body;
}

/**
 * Writes the current state of each profile with external versioning, so a late or repeated job can never
 * overwrite newer data. Hidden or deleted profiles are removed. Each profile succeeds or fails on its own: the
 * outcome lists the rejected (permanent) and retryable ones; only a failure of the request as a whole (no
 * connection, timeout) throws. `prebuilt` documents (stored when their profile was written) are sent as the
 * text they are, beside the ones built here from `sources`.
 */
export async function writeProfileDocuments(
  client: Client,
  target: string,
  sources: readonly ProfileSource[],
  options: {
    refresh?: boolean;
    requireAlias?: boolean;
    /** `external_gte` lets the drift repair rewrite a document whose version did not move. */
    versionType?: 'external' | 'external_gte';
    prebuilt?: readonly PrebuiltDocument[];
  } = {},
): Promise<ProfileWriteOutcome> {
  const outcome: ProfileWriteOutcome = { indexed: 0, deleted: 0, stale: 0, rejected: [], retryable: [] };
  // The body's lines as JSON text: action lines and built documents serialised here, the prebuilt documents as
  // the text they are.
  const lines: string[] = [];
  const written: { userId: string; version: number }[] = [];
  const actionLine = (kind: 'index' | 'delete', userId: string, version: number) =>
    JSON.stringify({
      [kind]: { _index: target, _id: userId, version, version_type: options.versionType ?? 'external' },
    });
  for (const source of sources) {
    if (source.isSearchable && !source.deleted) {
      let document: string;
      try {
        document = JSON.stringify(buildConsultantDocument(source));
      } catch (error) {
        outcome.rejected.push({
          userId: source.userId,
          version: source.version,
          status: null,
          type: 'document_build_failed',
          reason: (error as Error).message.slice(0, 2000),
        });
        continue;
      }
      lines.push(actionLine('index', source.userId, source.version), document);
    } else {
      lines.push(actionLine('delete', source.userId, source.version));
    }
    written.push(source);
  }
  for (const { userId, version, document } of options.prebuilt ?? []) {
    if (document === null) lines.push(actionLine('delete', userId, version));
    else lines.push(actionLine('index', userId, version), document);
    written.push({ userId, version });
  }
  if (written.length === 0) return outcome;
  const response = await client.transport.request<estypes.BulkResponse>({
    method: 'POST',
    path: '/_bulk',
    querystring: {
      ...(options.refresh ? { refresh: 'wait_for' } : {}),
      // Writing to a missing alias would silently create a concrete index with a guessed mapping.
      require_alias: options.requireAlias ?? false,
      // Only what the loop below reads: a thousand items' shard and sequence details are work for nothing
      // on both sides.
      filter_path: 'items.*.status,items.*.error.type,items.*.error.reason',
    },
    bulkBody: ndjsonBody(lines),
  });
  // Bulk answers its items in the order of the operations.
  response.items.forEach((item, i) => {
    const [action, result] = Object.entries(item)[0]!;
    const status = result.status;
    const profile = written[i]!;
    if (status === 409) outcome.stale += 1;
    else if (action === 'delete' && (status === 200 || status === 404)) outcome.deleted += 1;
    else if (status >= 200 && status < 300) outcome.indexed += 1;
    else {
      const failure: ProfileWriteFailure = {
        userId: profile.userId,
        version: profile.version,
        status,
        type: result.error?.type ?? 'unknown',
        reason: (result.error?.reason ?? '').slice(0, 2000),
      };
      (isRetryableItem(status, result.error?.type) ? outcome.retryable : outcome.rejected).push(failure);
    }
  });
  return outcome;
}

/** {@link writeProfileDocuments} for bulk loads (reindex, tests): any profile that fails fails the call. */
export async function writeProfiles(
  client: Client,
  target: string,
  sources: readonly ProfileSource[],
  options: { refresh?: boolean; requireAlias?: boolean } = {},
): Promise<BulkWriteResult> {
  const { rejected, retryable, ...result } = await writeProfileDocuments(client, target, sources, options);
  const failures = [...rejected, ...retryable];
  if (failures.length > 0) {
    const shown = failures.slice(0, 5).map((f) => `${f.userId}: ${f.status ?? '-'} ${f.type} ${f.reason}`);
    throw new Error(`bulk write failed for ${failures.length} profile(s): ${shown.join('; ')}`);
  }
  return result;
}

/**
 * Users whose profile must be removed from the index even though no profile row exists any more
 * (account purged): delete by id with no version (nothing newer can exist for a gone user).
 */
export async function deleteMissingProfiles(
  client: Client,
  target: string,
  userIds: readonly string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const response = await client.bulk({
    operations: userIds.map((id) => ({ delete: { _index: target, _id: id } })),
  });
  return response.items.filter((i) => i.delete?.status === 200).length;
}

/** Makes recent writes searchable now instead of at the index's next scheduled refresh. */
export interface Refresher {
  /** Resolves once a refresh that started after this call has finished. */
  refresh(): Promise<void>;
}

/**
 * Coalesces refresh requests: at most one refresh runs at a time, every request made while one runs shares the
 * next one, and refreshes start at least `minIntervalMs` apart, so a busy stream of small batches costs a
 * bounded number of refreshes (small segments) however many batches ask.
 */
export function createRefreshCoalescer(
  client: Client,
  target: string,
  options: { minIntervalMs?: number } = {},
): Refresher {
  const minIntervalMs = options.minIntervalMs ?? 100;
  let lastStarted = 0;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const start = async (): Promise<void> => {
    const wait = lastStarted + minIntervalMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastStarted = performance.now();
    await client.indices.refresh({ index: target, ignore_unavailable: true });
  };
  const launch = () => {
    const current = start().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };

  return {
    refresh() {
      if (!running) return launch();
      // Writes acknowledged while a refresh runs may have missed it: they need the next one.
      next ??= running
        .catch(() => {})
        .then(() => {
          next = null;
          return launch();
        });
      return next;
    },
  };
}
