import { describe, expect, it } from 'vitest';
import { ndjsonBody } from './search-index';

describe('the bulk body', () => {
  it('holds every line as UTF-8 with a newline after each, non-ASCII text included', () => {
    const lines = [
      '{"index":{"_id":"a"}}',
      '{"firstName":"Åsa","city":"Göteborg","note":"Ärlig, ödmjuk 👍"}',
      '{"delete":{"_id":"b"}}',
    ];
    const body = ndjsonBody(lines);
    expect(body.toString('utf8')).toBe(`${lines.join('\n')}\n`);
    expect(body.length).toBe(Buffer.byteLength(`${lines.join('\n')}\n`));
  });

  it('is empty for no lines', () => {
    expect(ndjsonBody([]).length).toBe(0);
  });
});
