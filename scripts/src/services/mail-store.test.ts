import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MailStore, matchesQuery } from './mail-store';

const raw = (to: string, subject: string, body: string) =>
  Buffer.from(`From: App <noreply@example.se>\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${body}\r\n`);

describe('MailStore', () => {
  it('keeps parsed messages, newest first, and searches them like Mailpit', async () => {
    const store = new MailStore(mkdtempSync(path.join(os.tmpdir(), 'mail-store-')));
    const first = await store.add(raw('anna@example.se', 'Verifiera din e-post', 'Klicka på länken'), []);
    // Messages are ordered by their millisecond: the next one comes once the clock has moved on.
    await vi.waitUntil(() => Date.now() > Date.parse(first.Created), { interval: 1 });
    await store.add(raw('bo@example.se', 'Reset your password', 'Open the link'), []);
    const all = store.list();
    expect(all.map((m) => m.Subject)).toEqual(['Reset your password', 'Verifiera din e-post']);
    expect(all.filter((m) => matchesQuery(m, 'to:anna@example.se')).map((m) => m.Subject)).toEqual([
      'Verifiera din e-post',
    ]);
    expect(all.filter((m) => matchesQuery(m, 'subject:"reset your"')).length).toBe(1);
    expect(store.get(all[0]!.ID)?.Text.trim()).toBe('Open the link');
    store.clear();
    expect(store.list()).toEqual([]);
  });
});
