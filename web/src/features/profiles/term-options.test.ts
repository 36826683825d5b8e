import { describe, expect, it } from 'vitest';
import { termOptions } from './term-options';

// The skill inputs (QA11 F8): the first option is the one Enter takes, so a shown suggestion comes before the
// half-typed word, which is offered as a choice of its own only once the suggestions for it are in.

const typeScript = { id: 'typescript', label: 'TypeScript' };
const typeOrm = { id: 'typeorm', label: 'TypeORM' };

describe('termOptions', () => {
  it('lists the suggestions first and the typed text last, as own wording', () => {
    expect(
      termOptions([typeScript, typeOrm], ' TypeSc ', new Set(), { allowFreeText: true, settled: true }),
    ).toEqual([typeScript, typeOrm, 'TypeSc']);
  });

  it('offers the typed text first when nothing is suggested', () => {
    expect(termOptions([], 'Mobbprogrammering', new Set(), { allowFreeText: true, settled: true })).toEqual([
      'Mobbprogrammering',
    ]);
  });

  it('waits for the suggestions of what is typed before offering it', () => {
    expect(termOptions([typeScript], 'TypeSc', new Set(), { allowFreeText: true, settled: false })).toEqual([
      typeScript,
    ]);
  });

  it('offers no own wording where it is not allowed, for an empty input, or for a suggested or chosen name', () => {
    const settled = { allowFreeText: true, settled: true };
    expect(termOptions([typeScript], 'Eng', new Set(), { allowFreeText: false, settled: true })).toEqual([
      typeScript,
    ]);
    expect(termOptions([], '   ', new Set(), settled)).toEqual([]);
    expect(termOptions([typeScript], 'typescript', new Set(), settled)).toEqual([typeScript]);
    expect(termOptions([typeOrm], 'rust', new Set(['rust']), settled)).toEqual([typeOrm]);
  });

  it('leaves out suggestions already chosen', () => {
    expect(
      termOptions([typeScript, typeOrm], 'Type', new Set(['typescript']), {
        allowFreeText: true,
        settled: true,
      }),
    ).toEqual([typeOrm, 'Type']);
  });
});
