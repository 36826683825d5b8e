import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import type { IndexerConfig } from './config';

export type { Logger };

/**
 * The indexer's logger: pino, the API's logger library, one JSON line per entry on stdout, at the level
 * `LOG_LEVEL` sets ('silent' logs nothing). Every line says it comes from the indexer.
 */
export function createLogger(level: IndexerConfig['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'indexer' }, timestamp: stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}
