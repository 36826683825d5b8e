import { readFileSync } from 'node:fs';
import { AUDIT_ACTIONS } from '@mp/api-contract/admin.schema';
import { PROFILE_EDIT_PARTS } from '@mp/api-contract/profile-edit.schema';
import { describe, expect, it } from 'vitest';
import { auditActionKey, auditActorText, auditProfilePartKey, changedProfileParts } from './audit-labels';

// The god area shows every audit action the API records, and every part an admin's profile edit names, in
// words in both languages (the code stays beside it for support).

function label(language: 'sv' | 'en', key: string): unknown {
  const tree = JSON.parse(
    readFileSync(new URL(`../../locales/${language}/admin.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('audit labels', () => {
  it.each(['sv', 'en'] as const)('name every action the API records, in %s', (language) => {
    const missing = AUDIT_ACTIONS.filter(
      (action) => typeof label(language, auditActionKey(action)) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it.each(['sv', 'en'] as const)('name every part of a profile edit, in %s', (language) => {
    const missing = PROFILE_EDIT_PARTS.filter(
      (part) => typeof label(language, auditProfilePartKey(part)) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it("reads the changed parts of an admin's profile edit only", () => {
    expect(changedProfileParts({ action: 'admin.profile.edit', data: { parts: ['skills', 3] } })).toEqual([
      'skills',
    ]);
    expect(changedProfileParts({ action: 'auth.login', data: { parts: ['skills'] } })).toBeNull();
    expect(changedProfileParts({ action: 'admin.profile.edit', data: {} })).toBeNull();
  });

  it('says who did it in words: the name, an actor no longer there, or the system; never a dash', () => {
    const id = '3f1c2b7e-0000-4000-8000-000000000001';
    expect(auditActorText({ actorUserId: id, actorName: 'Qa Tester' })).toEqual({
      key: 'audit.by',
      values: { actor: 'Qa Tester' },
    });
    expect(auditActorText({ actorUserId: id, actorName: null })).toEqual({ key: 'audit.byGoneUser' });
    expect(auditActorText({ actorUserId: null, actorName: null })).toEqual({ key: 'audit.bySystem' });
    for (const language of ['sv', 'en'] as const) {
      for (const key of ['audit.by', 'audit.byGoneUser', 'audit.bySystem', 'audit.about']) {
        expect(typeof label(language, key)).toBe('string');
      }
    }
  });
});
