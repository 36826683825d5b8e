import { createVocabularyCache, type VocabularyCache } from '@mp/migrations/vocabulary-store';
import { installVocabularies } from '@mp/search-schema';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    vocabularies: {
      cache: VocabularyCache;
      /** After a committed change: reload here at once and tell every other process (Redis pub/sub). */
      changed(): Promise<void>;
    };
  }
}

/** The Redis channel on which a vocabulary change is announced (per deployment: the BullMQ prefix). */
export const vocabularyChannel = (queuePrefix: string) => `${queuePrefix}:vocabularies-changed`;

/**
 * The vocabularies of this process come from the database (god/vocabulary edits them): loaded at start,
 * installed into search-schema, and reloaded when another process announces a change, or when the
 * subscription (re)connects, since a message sent while it was down is lost. An empty table (a database not
 * migrated that far) keeps the shipped vocabularies.
 */
export default fp(
  async (app) => {
    const cache = createVocabularyCache(app.db, (vocabularies, revision) => {
      if (Object.values(vocabularies).some((vocabulary) => vocabulary.entries.length > 0))
        installVocabularies(vocabularies, revision, app.config.DATABASE_URL);
    });
    // A database that is down at start must not keep the API from starting: the shipped vocabularies serve
    // until a load succeeds (retried every few seconds).
    let retry: NodeJS.Timeout | undefined;
    const load = async () => {
      try {
        await cache.reload();
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'vocabularies not loaded, retrying');
        retry = setTimeout(() => void load(), 5_000).unref();
      }
    };
    await load();
    const channel = vocabularyChannel(app.config.QUEUE_PREFIX);
    // Its own connection (a subscribed one takes no other commands) that waits for Redis instead of failing.
    const subscriber = app.redis.duplicate({
      lazyConnect: true,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    const refresh = () =>
      cache
        .ensureCurrent()
        .catch((error: Error) => app.log.warn({ err: error.message }, 'vocabulary reload failed'));
    subscriber.on('error', (error) => app.log.warn({ err: error.message }, 'vocabulary subscription error'));
    subscriber.on('message', () => void refresh());
    subscriber.on('ready', () => void refresh());
    // Not awaited: with Redis down the app still starts, and subscribes once Redis is back.
    void subscriber
      .subscribe(channel)
      .catch((error: Error) => app.log.warn({ err: error.message }, 'vocabulary subscription failed'));
    app.decorate('vocabularies', {
      cache,
      async changed() {
        await cache.ensureCurrent();
        await app.redis
          .publish(channel, String(cache.revision))
          .catch((error: Error) => app.log.warn({ err: error.message }, 'vocabulary change not announced'));
      },
    });
    app.addHook('onClose', async () => {
      clearTimeout(retry);
      subscriber.disconnect();
    });
  },
  { name: 'vocabularies', dependencies: ['config', 'db', 'redis'] },
);
