import { getVocabularyIndex, type ConsultantDocument } from '@mp/search-schema';

// The written rules that grade a profile for a judged query (docs/relevance.md). Grades come from the profile's
// own data, never from the search engine, so the judged set measures the ranking instead of restating it.

/** What a buyer who typed the query wants, in vocabulary ids. */
export interface Wanted {
  /** Skills the buyer named, the most important first; a profile needs every one to count fully. */
  skills?: readonly string[];
  /** Job titles that satisfy the role words of the query (grade 3 when held). */
  titles?: readonly string[];
  /** Titles a buyer would accept as close (grade 2 when held and no title of `titles` is). */
  relatedTitles?: readonly string[];
  /** Work locations named in the query; a profile elsewhere grades 0. */
  locations?: readonly string[];
}

/** 0 (not relevant) to 3 (exactly what the buyer asked for). */
export type Grade = 0 | 1 | 2 | 3;

const skillIndex = () => getVocabularyIndex('skills');

/** Vocabulary skill ids named anywhere in the profile's skill text (profile and experience skills). */
function mentionedSkillIds(doc: ConsultantDocument): Set<string> {
  const ids = new Set<string>();
  for (const text of doc.skillText) {
    const resolution = skillIndex().resolve(text);
    if ('id' in resolution) ids.add(resolution.id);
  }
  return ids;
}

/**
 * How well a profile holds one skill:
 * 3: a profile skill with at least 8 years (or starred with at least 5) used this or last year;
 * 2: a profile skill with at least 4 years used within the last 3 years;
 * 1: any other profile skill, or the skill named only in an experience;
 * 0: not there.
 */
export function skillStrength(
  doc: ConsultantDocument,
  skillId: string,
  thisYear: number,
  mentioned = mentionedSkillIds(doc),
): Grade {
  const skill = doc.skills.find((candidate) => candidate.id === skillId);
  if (!skill) return mentioned.has(skillId) ? 1 : 0;
  const years = skill.years ?? 0;
  const lastUsed = skill.lastUsedYear ?? 0;
  if ((years >= 8 || (skill.starred && years >= 5)) && lastUsed >= thisYear - 1) return 3;
  if (years >= 4 && lastUsed >= thisYear - 3) return 2;
  return 1;
}

/** 3 for a wanted title, 2 for a related one, 0 otherwise. */
function titleGrade(doc: ConsultantDocument, wanted: Wanted): Grade {
  if (wanted.titles?.some((id) => doc.jobTitleIds.includes(id))) return 3;
  if (wanted.relatedTitles?.some((id) => doc.jobTitleIds.includes(id))) return 2;
  return 0;
}

/**
 * The grade of a profile:
 * - skills named: the weakest `skillStrength` over the named skills (every named skill matters);
 * - a role named too: that grade when the profile holds a wanted title, one less for a related title, at
 *   most 1 without either (the skill is there, the role is not);
 * - only a role named: `titleGrade`;
 * - a place named: 0 for a profile that does not work there.
 */
export function gradeProfile(doc: ConsultantDocument, wanted: Wanted, thisYear: number): Grade {
  if (wanted.locations?.length && !wanted.locations.some((id) => doc.locations.includes(id))) return 0;
  const title = wanted.titles?.length || wanted.relatedTitles?.length ? titleGrade(doc, wanted) : null;
  if (!wanted.skills?.length) return title ?? 0;
  const mentioned = mentionedSkillIds(doc);
  const strengths = wanted.skills.map((id) => skillStrength(doc, id, thisYear, mentioned));
  const skill = Math.min(...strengths) as Grade;
  if (title === null) return skill;
  if (title === 3) return skill;
  if (title === 2) return Math.max(0, skill - 1) as Grade;
  return Math.min(skill, 1) as Grade;
}

/** Discounted cumulative gain of grades in rank order (gain 2^g - 1, discount log2(rank + 1)). */
export function dcg(grades: readonly number[]): number {
  return grades.reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
}

/**
 * nDCG@k: the DCG of the first k returned grades over the DCG of the best k grades the candidates allow.
 * Null when no candidate is relevant at all (the query judges nothing).
 */
export function ndcgAt(k: number, returned: readonly number[], candidates: readonly number[]): number | null {
  const ideal = dcg([...candidates].sort((a, b) => b - a).slice(0, k));
  if (ideal === 0) return null;
  return dcg(returned.slice(0, k)) / ideal;
}
