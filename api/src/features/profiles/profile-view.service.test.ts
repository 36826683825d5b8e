import { describe, expect, it } from 'vitest';
import type { ProfileAggregate } from './profile-view.repository';
import { decideProfileView, toViewedProfile } from './profile-view.service';

const userId = '11111111-1111-4111-8111-111111111111';

function aggregate(overrides: { searchable?: boolean; deleted?: boolean } = {}): ProfileAggregate {
  const now = new Date();
  return {
    user: {
      id: userId,
      first_name: 'Anna',
      last_name: 'Lindqvist',
      email: 'anna@example.se',
      phone: '070-1234567',
      picture_key: 'k.webp',
      picture_url: 'http://x/api/pictures/k.webp',
      locale: 'sv',
      deleted_at: overrides.deleted ? now : null,
    },
    profile: {
      id: '22222222-2222-4222-8222-222222222222',
      user_id: userId,
      is_searchable: overrides.searchable ?? true,
      completion: 50,
      short_description: 'Utvecklare',
      disc_type: null,
      disc_source: 'self',
      driving_forces: [],
      availability_kind: 'available_now',
      available_at: null,
      available_within_days: null,
      locations: ['stockholm'],
      driving_licences: [],
      version: 3,
      created_at: now,
      updated_at: now,
    },
    jobTitles: [],
    skills: [],
    languages: [],
    educations: [],
    experiences: [],
    experienceSkills: [],
    references: [],
  };
}

const visitor = null;
const unverified = { id: 'other', verified: false, isPremium: false, isAdmin: false };
const plain = { id: 'other', verified: true, isPremium: false, isAdmin: false };
const premium = { id: 'other', verified: true, isPremium: true, isAdmin: false };
const owner = { id: userId, verified: true, isPremium: false, isAdmin: false };

describe('who sees what of a profile', () => {
  it('shows the anonymous profile to visitors, the named one to verified users without premium, the full one to premium users and the owner', () => {
    expect(decideProfileView(aggregate(), visitor)).toBe('anonymous');
    expect(decideProfileView(aggregate(), unverified)).toBe('anonymous');
    expect(decideProfileView(aggregate(), plain)).toBe('named');
    expect(decideProfileView(aggregate(), premium)).toBe('full');
    expect(decideProfileView(aggregate(), owner)).toBe('full');
  });

  it('hides a non-searchable profile from everyone but its owner, and reports a deleted account', () => {
    for (const viewer of [visitor, plain, premium]) {
      expect(() => decideProfileView(aggregate({ searchable: false }), viewer)).toThrow(
        expect.objectContaining({ status: 404, code: 'PROFILE_NOT_AVAILABLE' }),
      );
    }
    expect(decideProfileView(aggregate({ searchable: false }), owner)).toBe('full');
    expect(() => decideProfileView(aggregate({ deleted: true }), premium)).toThrow(
      expect.objectContaining({ status: 410, code: 'PROFILE_NO_LONGER_EXISTS' }),
    );
    expect(() => decideProfileView(null, premium)).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('lets the owner preview a profile never saved, which does not exist for anyone else yet', () => {
    const unsaved = { ...aggregate(), profile: null };
    expect(decideProfileView(unsaved, owner)).toBe('full');
    expect(toViewedProfile(unsaved, 'full', 'sv')).toMatchObject({ firstName: 'Anna', experiences: [] });
    for (const viewer of [visitor, plain, premium, { ...premium, isAdmin: true }]) {
      expect(() => decideProfileView(unsaved, viewer)).toThrow(
        expect.objectContaining({ status: 404, code: 'PROFILE_NOT_AVAILABLE' }),
      );
    }
  });

  it('strips names, picture and contact details from the anonymous view', () => {
    const anonymous = toViewedProfile(aggregate(), 'anonymous', 'sv');
    expect(anonymous).toMatchObject({ firstName: null, lastName: null, picture: null, contact: null });
    expect(JSON.stringify(anonymous)).not.toMatch(/Anna|Lindqvist|anna@|070-|pictures/);
    // Named: who the consultant is, as on the search cards, but not how to reach them.
    const named = toViewedProfile(aggregate(), 'named', 'sv');
    expect(named).toMatchObject({ firstName: 'Anna', lastName: 'Lindqvist', contact: null });
    expect(JSON.stringify(named)).not.toMatch(/anna@|070-/);
    const full = toViewedProfile(aggregate(), 'full', 'sv');
    expect(full).toMatchObject({
      firstName: 'Anna',
      contact: { email: 'anna@example.se', phone: '070-1234567' },
    });
  });
});
