import { DISC_TYPE_IDS, DRIVING_FORCE_GROUPS, type DiscFactorId } from '@mp/domain';
import { describe, expect, it } from 'vitest';
import { ASSESSMENT_QUESTIONS, localizeQuestions, QUESTION_COUNT } from './assessment-questions';
import { scoreAssessment, STRENGTHS } from './assessment-scoring';

/** Answers agreeing `levels[factor]` with each statement, and `pairValue` on every driving-force question. */
function answersFor(levels: Record<DiscFactorId, number>, pairValue = 3): Map<number, number> {
  return new Map(
    ASSESSMENT_QUESTIONS.map((q) => [q.number, q.kind === 'statement' ? levels[q.factor] : pairValue]),
  );
}

describe('assessment questions', () => {
  it('are 36, six statements per DISC factor and two questions per driving-force group, in both languages', () => {
    expect(QUESTION_COUNT).toBe(36);
    for (const factor of ['D', 'I', 'S', 'C']) {
      expect(ASSESSMENT_QUESTIONS.filter((q) => q.kind === 'statement' && q.factor === factor)).toHaveLength(
        6,
      );
    }
    for (const group of DRIVING_FORCE_GROUPS) {
      expect(
        ASSESSMENT_QUESTIONS.filter(
          (q) => q.kind === 'pair' && q.left.force === group.forces[0] && q.right.force === group.forces[1],
        ),
      ).toHaveLength(2);
    }
    const sv = localizeQuestions('sv');
    const en = localizeQuestions('en');
    expect(sv.map((q) => q.number)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    for (const [i, q] of sv.entries()) expect(q.text ?? q.left).not.toBe(en[i]!.text ?? en[i]!.left);
  });
});

describe('scoreAssessment', () => {
  it('gives a pure type when one factor clearly leads', () => {
    expect(scoreAssessment(answersFor({ D: 5, I: 2, S: 1, C: 2 })).discType).toBe('conductor');
    expect(scoreAssessment(answersFor({ D: 1, I: 5, S: 3, C: 1 })).discType).toBe('promoter');
    expect(scoreAssessment(answersFor({ D: 1, I: 2, S: 5, C: 3 })).discType).toBe('supporter');
    expect(scoreAssessment(answersFor({ D: 2, I: 1, S: 3, C: 5 })).discType).toBe('analyser');
  });

  it('blends two neighbouring factors within the margin, never two opposite ones', () => {
    expect(scoreAssessment(answersFor({ D: 5, I: 5, S: 1, C: 1 })).discType).toBe('persuader');
    expect(scoreAssessment(answersFor({ D: 1, I: 5, S: 5, C: 1 })).discType).toBe('relater');
    expect(scoreAssessment(answersFor({ D: 1, I: 1, S: 5, C: 5 })).discType).toBe('coordinator');
    expect(scoreAssessment(answersFor({ D: 5, I: 1, S: 1, C: 5 })).discType).toBe('implementor');
    // D and S are opposite: no blend, the first in D, I, S, C order wins a tie.
    expect(scoreAssessment(answersFor({ D: 5, I: 1, S: 5, C: 1 })).discType).toBe('conductor');
  });

  it('reaches every one of the eight types', () => {
    const seen = new Set<string>();
    for (const d of [1, 3, 5])
      for (const i of [1, 3, 5])
        for (const s of [1, 3, 5])
          for (const c of [1, 3, 5]) {
            seen.add(scoreAssessment(answersFor({ D: d, I: i, S: s, C: c })).discType);
          }
    expect([...seen].sort()).toEqual([...DISC_TYPE_IDS].sort());
  });

  it('scores the twelve driving forces in opposite pairs and puts the four strongest on the profile', () => {
    const leaningRight = scoreAssessment(answersFor({ D: 3, I: 3, S: 3, C: 3 }, 5));
    expect(Object.keys(leaningRight.drivingForceScores)).toHaveLength(12);
    for (const group of DRIVING_FORCE_GROUPS) {
      const [left, right] = group.forces;
      expect(leaningRight.drivingForceScores[left] + leaningRight.drivingForceScores[right]).toBe(100);
      expect(leaningRight.drivingForceScores[right]).toBe(100);
    }
    expect(leaningRight.drivingForces).toEqual(['intellectual', 'resourceful', 'harmonious', 'altruistic']);
    expect(scoreAssessment(answersFor({ D: 3, I: 3, S: 3, C: 3 }, 1)).drivingForces).toEqual([
      'instinctive',
      'selfless',
      'objective',
      'intentional',
    ]);
  });

  it('names strengths of the leading factors, each with a text in both languages', () => {
    const score = scoreAssessment(answersFor({ D: 5, I: 5, S: 1, C: 1 }));
    expect(score.strengths).toEqual(['D.decisive', 'D.results', 'I.inspiring', 'I.persuasive']);
    for (const key of score.strengths) expect(STRENGTHS[key]).toBeDefined();
  });

  it('refuses an incomplete or out-of-range set of answers', () => {
    const answers = answersFor({ D: 3, I: 3, S: 3, C: 3 });
    answers.delete(36);
    expect(() => scoreAssessment(answers)).toThrow('question 36');
    answers.set(36, 6);
    expect(() => scoreAssessment(answers)).toThrow('question 36');
  });
});
