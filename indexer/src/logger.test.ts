import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('the indexer logger', () => {
  it('writes JSON lines at or above LOG_LEVEL, marked as the indexer’s', () => {
    const { lines, stream } = capture();
    const logger = createLogger('warn', stream);
    logger.info({ jobId: '1' }, 'index job done');
    logger.warn({ jobId: '2' }, 'index job failed');
    logger.error('worker error');
    expect(lines.map((l) => [l.msg, l.jobId])).toEqual([
      ['index job failed', '2'],
      ['worker error', undefined],
    ]);
    expect(lines[0]).toMatchObject({ level: 40, service: 'indexer', time: expect.any(String) });
  });

  it('logs nothing when silent, and everything down to debug when asked', () => {
    const silent = capture();
    createLogger('silent', silent.stream).error('not written');
    expect(silent.lines).toEqual([]);
    const chatty = capture();
    createLogger('debug', chatty.stream).debug('written');
    expect(chatty.lines.map((l) => l.msg)).toEqual(['written']);
  });
});
