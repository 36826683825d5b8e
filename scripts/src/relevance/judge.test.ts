import { buildConsultantDocument } from '@mp/search-schema';
import { experience, makeProfile, skill } from '@mp/test-support/profile-sources';
import { describe, expect, it } from 'vitest';
import { dcg, gradeProfile, ndcgAt } from './judge';

const doc = (overrides: Parameters<typeof makeProfile>[0]) => buildConsultantDocument(makeProfile(overrides));

describe('gradeProfile', () => {
  it('grades a skill by years and recent use, and a mention in an experience only as 1', () => {
    const senior = doc({ skills: [skill('C#', { years: 10, lastUsedYear: 2026 })] });
    const old = doc({ skills: [skill('C#', { years: 10, lastUsedYear: 2019 })] });
    const starred = doc({ skills: [skill('C#', { years: 5, lastUsedYear: 2025, starred: true })] });
    const mid = doc({ skills: [skill('C#', { years: 4, lastUsedYear: 2024 })] });
    const mentioned = doc({ experiences: [experience('Byggde en tjänst', { skills: ['C#'] })] });
    const other = doc({ skills: [skill('C', { years: 12, lastUsedYear: 2026 })] });
    const wanted = { skills: ['csharp'] };
    expect([senior, starred, mid, old, mentioned, other].map((d) => gradeProfile(d, wanted, 2026))).toEqual([
      3, 3, 2, 1, 1, 0,
    ]);
  });

  it('caps a profile without the role at 1, lowers a related role by one, and needs the place', () => {
    const skills = [skill('React', { years: 9, lastUsedYear: 2026 })];
    const wanted = {
      skills: ['react'],
      titles: ['frontend-developer'],
      relatedTitles: ['software-developer'],
    };
    const frontend = doc({ skills, jobTitles: [{ vocabularyId: null, text: 'Frontendutvecklare' }] });
    const developer = doc({ skills, jobTitles: [{ vocabularyId: null, text: 'Systemutvecklare' }] });
    const designer = doc({ skills, jobTitles: [{ vocabularyId: null, text: 'UX-designer' }] });
    expect([frontend, developer, designer].map((d) => gradeProfile(d, wanted, 2026))).toEqual([3, 2, 1]);
    const inStockholm = doc({
      locations: ['stockholm'],
      jobTitles: [{ vocabularyId: null, text: 'Controller' }],
    });
    expect(gradeProfile(inStockholm, { titles: ['controller'], locations: ['stockholm'] }, 2026)).toBe(3);
    expect(gradeProfile(inStockholm, { titles: ['controller'], locations: ['skane'] }, 2026)).toBe(0);
  });
});

describe('ndcgAt', () => {
  it('is 1 for the ideal order, less for a worse one, null when nothing is relevant', () => {
    expect(ndcgAt(3, [3, 2, 1], [1, 2, 3, 0])).toBe(1);
    expect(ndcgAt(3, [1, 2, 3], [1, 2, 3, 0])).toBeCloseTo(dcg([1, 2, 3]) / dcg([3, 2, 1]));
    expect(ndcgAt(3, [1, 2, 3], [1, 2, 3, 0])!).toBeLessThan(1);
    expect(ndcgAt(10, [0, 0], [0, 0, 0])).toBeNull();
  });
});
