import {
  DISC_FACTOR_IDS,
  DISC_TYPES,
  DRIVING_FORCE_GROUPS,
  DRIVING_FORCE_IDS,
  type DiscFactorId,
  type DiscTypeId,
  type DrivingForceId,
  type LocalizedText,
} from '@mp/domain';
import { ASSESSMENT_QUESTIONS, QUESTION_COUNT } from './assessment-questions';

// Scoring of the 36 answers (documented with examples in docs/assessment.md). Pure: the same answers always
// give the same result.

/** Two types are blended when the second factor is within this many points of the first. */
export const BLEND_MARGIN = 10;
/** How many driving forces go on the profile (the strongest end of each group, strongest first). */
export const PROFILE_DRIVING_FORCES = 4;

export type Answers = ReadonlyMap<number, number>;

export interface AssessmentScore {
  discType: DiscTypeId;
  /** 0-100 per factor. */
  discScores: Record<DiscFactorId, number>;
  /** 0-100 per force; the two ends of a group add up to 100. */
  drivingForceScores: Record<DrivingForceId, number>;
  /** The strongest ends, strongest first: what the profile shows and search filters on. */
  drivingForces: DrivingForceId[];
  /** Strength keys, see {@link STRENGTHS}. */
  strengths: string[];
}

/** Two strengths per DISC factor, shown with the result and mailed. */
export const STRENGTHS: Record<string, LocalizedText> = {
  'D.decisive': { en: 'Decisive and quick to act', sv: 'Beslutsam och snabb att agera' },
  'D.results': { en: 'Drives towards results and goals', sv: 'Driver mot resultat och mål' },
  'I.inspiring': { en: 'Inspires and energises others', sv: 'Inspirerar och ger energi åt andra' },
  'I.persuasive': { en: 'Builds networks and wins support', sv: 'Bygger nätverk och vinner stöd' },
  'S.reliable': { en: 'Reliable and patient', sv: 'Pålitlig och tålmodig' },
  'S.teamPlayer': {
    en: 'Creates calm and cooperation in a team',
    sv: 'Skapar lugn och samarbete i ett team',
  },
  'C.accurate': { en: 'Accurate and thorough', sv: 'Noggrann och grundlig' },
  'C.analytical': { en: 'Analyses before deciding', sv: 'Analyserar innan beslut' },
};
const STRENGTHS_OF: Record<DiscFactorId, string[]> = {
  D: ['D.decisive', 'D.results'],
  I: ['I.inspiring', 'I.persuasive'],
  S: ['S.reliable', 'S.teamPlayer'],
  C: ['C.accurate', 'C.analytical'],
};

const toPercent = (values: number[]) =>
  Math.round((values.reduce((sum, v) => sum + (v - 1) / 4, 0) / values.length) * 100);

/** The type of a dominant factor, and of a blend of two neighbouring ones (D/I, I/S, S/C, C/D). */
function typeOf(first: DiscFactorId, second: DiscFactorId, blended: boolean): DiscTypeId {
  if (blended) {
    const blend = DISC_TYPES.find(
      (t) => t.factors.length === 2 && t.factors.includes(first) && t.factors.includes(second),
    );
    if (blend) return blend.id;
  }
  return DISC_TYPES.find((t) => t.factors.length === 1 && t.factors[0] === first)!.id;
}

/** Scores a complete set of answers (question number -> 1..5). Throws on a missing or invalid answer. */
export function scoreAssessment(answers: Answers): AssessmentScore {
  for (let n = 1; n <= QUESTION_COUNT; n++) {
    const value = answers.get(n);
    if (!Number.isInteger(value) || value! < 1 || value! > 5)
      throw new RangeError(`question ${n}: no valid answer`);
  }
  const perFactor = new Map<DiscFactorId, number[]>(DISC_FACTOR_IDS.map((f) => [f, []]));
  const towardsRight = new Map<DrivingForceId, number[]>();
  for (const q of ASSESSMENT_QUESTIONS) {
    const value = answers.get(q.number)!;
    if (q.kind === 'statement') perFactor.get(q.factor)!.push(value);
    else towardsRight.set(q.right.force, [...(towardsRight.get(q.right.force) ?? []), value]);
  }
  const discScores = Object.fromEntries(
    DISC_FACTOR_IDS.map((f) => [f, toPercent(perFactor.get(f)!)]),
  ) as Record<DiscFactorId, number>;
  // Highest first; a tie goes to the factor earlier in D, I, S, C order.
  const ranked = [...DISC_FACTOR_IDS].sort((a, b) => discScores[b] - discScores[a]);
  const [first, second] = ranked as [DiscFactorId, DiscFactorId];
  const discType = typeOf(first, second, discScores[first] - discScores[second] <= BLEND_MARGIN);

  const drivingForceScores = {} as Record<DrivingForceId, number>;
  for (const group of DRIVING_FORCE_GROUPS) {
    const [left, right] = group.forces;
    const rightScore = toPercent(towardsRight.get(right) ?? [3]);
    drivingForceScores[right] = rightScore;
    drivingForceScores[left] = 100 - rightScore;
  }
  const winners = DRIVING_FORCE_GROUPS.map((g) => {
    const [left, right] = g.forces;
    return drivingForceScores[left] > drivingForceScores[right] ? left : right;
  });
  const drivingForces = winners
    .sort(
      (a, b) =>
        drivingForceScores[b] - drivingForceScores[a] ||
        DRIVING_FORCE_IDS.indexOf(a) - DRIVING_FORCE_IDS.indexOf(b),
    )
    .slice(0, PROFILE_DRIVING_FORCES);

  const strengths = [
    ...STRENGTHS_OF[first],
    ...(discType !== typeOf(first, second, false) ? STRENGTHS_OF[second] : []),
  ];
  return { discType, discScores, drivingForceScores, drivingForces, strengths };
}
