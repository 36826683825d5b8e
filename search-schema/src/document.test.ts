import { describe, expect, it } from 'vitest';
import { buildConsultantDocument, consultantDocumentSchema, labelTermId, resolveTermId } from './document';
import { profileSourceSchema } from './profile-source.schema';
import {
  buildTestProfiles,
  education,
  experience,
  makeProfile,
  skill,
} from '@mp/test-support/profile-sources';

describe('resolveTermId', () => {
  it('maps labels and aliases to vocabulary ids', () => {
    expect(resolveTermId('skills', 'JS')).toBe('javascript');
    expect(resolveTermId('skills', 'React.js')).toBe('react');
    expect(resolveTermId('skills', 'javascript')).toBe('javascript');
    expect(resolveTermId('jobTitles', 'Project manager')).toBe('project-manager');
    expect(resolveTermId('languages', 'Engelska')).toBe('en');
    expect(resolveTermId('fieldsOfStudy', 'Datalogi')).toBe('computer-science');
  });

  it('keeps unknown text as folded free text', () => {
    expect(resolveTermId('skills', ' Mitt  Eget Verktyg ')).toBe('free:mitt eget verktyg');
    expect(resolveTermId('fieldsOfStudy', 'Kvantbiologi för Nördar')).toBe('kvantbiologi for nordar');
    expect(resolveTermId('skills', '   ')).toBeNull();
  });

  it('is idempotent on stored values', () => {
    for (const value of ['javascript', 'free:mitt eget verktyg']) {
      expect(resolveTermId('skills', value)).toBe(value);
    }
    expect(resolveTermId('fieldsOfStudy', 'kvantbiologi for nordar')).toBe('kvantbiologi for nordar');
    // A stored free value resolves to the id once the vocabulary knows the term.
    expect(resolveTermId('skills', 'free:typescript')).toBe('typescript');
  });

  it('labels ids in either language and free text as written', () => {
    expect(labelTermId('jobTitles', 'project-manager', 'sv')).toBe('Projektledare');
    expect(labelTermId('jobTitles', 'project-manager', 'en')).toBe('Project manager');
    expect(labelTermId('skills', 'free:mitt eget verktyg', 'en')).toBe('mitt eget verktyg');
  });
});

describe('buildConsultantDocument', () => {
  it('resolves skills through the vocabulary and keeps unknown ones as free text', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        skills: [
          skill('JS', { years: 4, lastUsedYear: 2024 }),
          skill('whatever', { vocabularyId: 'typescript', years: 2, starred: true }),
          skill('Mitt Eget Verktyg', { years: 1 }),
        ],
      }),
    );
    expect(doc.skillIds).toEqual(['javascript', 'typescript', 'free:mitt eget verktyg']);
    expect(doc.skills[0]).toEqual({
      id: 'javascript',
      sv: 'JavaScript',
      en: 'JavaScript',
      name: 'JS',
      years: 4,
      lastUsedYear: 2024,
      starred: false,
    });
    expect(doc.skills[2]).toMatchObject({
      id: 'free:mitt eget verktyg',
      sv: 'Mitt Eget Verktyg',
      en: 'Mitt Eget Verktyg',
    });
    // Free text stays searchable; labels and aliases of known skills too.
    expect(doc.skillText).toEqual(
      expect.arrayContaining(['Mitt Eget Verktyg', 'JavaScript', 'ECMAScript', 'TypeScript']),
    );
  });

  it('merges a skill listed twice, keeping the best values', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        skills: [
          skill('JavaScript', { years: 2, lastUsedYear: 2025 }),
          skill('JS', { years: 8, lastUsedYear: 2020, starred: true }),
        ],
      }),
    );
    expect(doc.skills).toHaveLength(1);
    expect(doc.skills[0]).toMatchObject({ id: 'javascript', years: 8, lastUsedYear: 2025, starred: true });
  });

  it('orders card skills starred first, then by experience', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        skills: [
          skill('SQL', { years: 3 }),
          skill('Java', { years: 10 }),
          skill('Scrum', { years: 1, starred: true }),
        ],
      }),
    );
    expect(doc.card.skills.map((s) => s.id)).toEqual(['scrum', 'java', 'sql']);
  });

  it('takes the highest education level and its rank', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        educations: [education('secondary'), education('masters'), education('course'), education('bogus')],
      }),
    );
    expect(doc.educationLevel).toBe('masters');
    expect(doc.educationLevelRank).toBe(7);
    const none = buildConsultantDocument(makeProfile({ educations: [] }));
    expect(none).toMatchObject({ educationLevel: null, educationLevelRank: 0 });
  });

  it('resolves fields of study, keeping unknown ones folded', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        educations: [
          education('masters', 'Datalogi'),
          education('bachelors', null, { fieldOfStudyId: 'mathematics' }),
          education('course', 'Kvantbiologi för Nördar'),
        ],
      }),
    );
    expect(doc.fieldsOfStudy).toEqual(['computer-science', 'mathematics', 'kvantbiologi for nordar']);
    expect(doc.bodyText).toEqual(
      expect.arrayContaining(['Datavetenskap', 'Computer science', 'Kvantbiologi för Nördar']),
    );
  });

  it('resolves languages and keeps the highest level of each', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        languages: [
          { code: 'sv', level: 'professional_working' },
          { code: 'Svenska', level: 'native_or_bilingual' },
          { code: 'English', level: 'elementary' },
          { code: 'Klingon', level: 'unheard_of' },
        ],
      }),
    );
    expect(doc.languages).toEqual([
      { code: 'sv', level: 'native_or_bilingual', levelRank: 5 },
      { code: 'en', level: 'elementary', levelRank: 1 },
      { code: 'klingon', level: 'unheard_of', levelRank: 0 },
    ]);
    expect(doc.languageCodes).toEqual(['sv', 'en', 'klingon']);
  });

  it('builds job titles: ids, both labels in the text, unique display strings per locale', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        jobTitles: [
          { vocabularyId: null, text: 'Projektledare' },
          { vocabularyId: 'project-manager', text: 'PM' },
          { vocabularyId: null, text: 'Kodhantverkare' },
          { vocabularyId: null, text: 'kodhantverkare ' },
        ],
      }),
    );
    expect(doc.jobTitleIds).toEqual(['project-manager', 'free:kodhantverkare']);
    expect(doc.titleText).toEqual(
      expect.arrayContaining(['Projektledare', 'Project manager', 'Kodhantverkare']),
    );
    expect(doc.card.jobTitles).toEqual({
      sv: ['Projektledare', 'Kodhantverkare'],
      en: ['Project manager', 'Kodhantverkare'],
    });
  });

  it('puts description, experiences and education into the body text', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        shortDescription: 'Kort om mig',
        experiences: [
          experience('Byggde saker', { company: 'Acme AB', jobTitle: 'Utvecklare', skills: ['K8s', 'Eget'] }),
        ],
        educations: [education('masters', null, { degree: 'Civilingenjör', school: 'KTH' })],
      }),
    );
    expect(doc.bodyText).toEqual(
      expect.arrayContaining([
        'Kort om mig',
        'Byggde saker',
        'Acme AB',
        'Utvecklare',
        'Civilingenjör',
        'KTH',
      ]),
    );
    expect(doc.skillText).toEqual(expect.arrayContaining(['Kubernetes', 'Eget']));
    // Experience skills are searchable text, not filterable skills.
    expect(doc.skillIds).toEqual([]);
  });

  it('keeps only the availability fields of its kind', () => {
    const doc = buildConsultantDocument(
      makeProfile({ availability: { kind: 'available_now', date: '2025-01-01', withinDays: 3 } }),
    );
    expect(doc.availability).toEqual({ kind: 'available_now', date: null, withinDays: null });
  });

  it('marks deleted and hidden profiles as not searchable', () => {
    expect(buildConsultantDocument(makeProfile({ deleted: true })).isSearchable).toBe(false);
    expect(buildConsultantDocument(makeProfile({ isSearchable: false })).isSearchable).toBe(false);
    expect(buildConsultantDocument(makeProfile()).isSearchable).toBe(true);
  });

  it('builds documents that satisfy the document schema, with the card fields', () => {
    for (const profile of buildTestProfiles()) {
      const doc = buildConsultantDocument(profile);
      expect(consultantDocumentSchema.parse(doc)).toEqual(doc);
      expect(doc.card).toMatchObject({
        userId: profile.userId,
        firstName: profile.firstName,
        lastName: profile.lastName,
        personality: profile.discType,
        locations: profile.locations,
      });
    }
  });
});

describe('profileSourceSchema', () => {
  it('accepts a profile and converts a Date timestamp', () => {
    const parsed = profileSourceSchema.parse({
      ...makeProfile(),
      updatedAt: new Date('2025-05-01T10:00:00Z'),
    });
    expect(parsed.updatedAt).toBe('2025-05-01T10:00:00.000Z');
  });

  it('rejects unknown closed-list ids', () => {
    expect(profileSourceSchema.safeParse({ ...makeProfile(), locations: ['atlantis'] }).success).toBe(false);
    expect(profileSourceSchema.safeParse({ ...makeProfile(), discType: 'hero' }).success).toBe(false);
    expect(profileSourceSchema.safeParse({ ...makeProfile(), drivingForces: ['greed'] }).success).toBe(false);
  });
});

describe('the DISC source', () => {
  it('indexes where the type came from, and nothing without a type', () => {
    const assessed = buildConsultantDocument(makeProfile({ discType: 'relater', discSource: 'assessment' }));
    const selfPicked = buildConsultantDocument(makeProfile({ discType: 'relater', discSource: 'self' }));
    const withoutType = buildConsultantDocument(makeProfile({ discType: null, discSource: 'self' }));
    expect([assessed.discSource, selfPicked.discSource, withoutType.discSource]).toEqual([
      'assessment',
      'self',
      null,
    ]);
    expect([assessed.card.personalitySource, selfPicked.card.personalitySource]).toEqual([
      'assessment',
      'self',
    ]);
    // A stored source written before the field existed counts as picked by hand.
    const { discSource: _omitted, ...older } = makeProfile({ discType: 'analyser' });
    expect(profileSourceSchema.parse(older).discSource).toBe('self');
  });
});
