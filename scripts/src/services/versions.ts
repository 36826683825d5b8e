/**
 * The one place the Elasticsearch version is pinned. The Maven plugin build, the distribution download,
 * docker-compose.yml and the JS client's major are all checked against this (see versions.test.ts).
 */
export const ELASTICSEARCH_VERSION = '9.3.2';

/** Lucene version shipped inside Elasticsearch 9.3.2; the analysis plugin compiles against it. */
export const LUCENE_VERSION = '10.3.2';

/** Elasticsearch refuses to run on a JDK older than this. */
export const MIN_ES_JAVA_VERSION = 21;
