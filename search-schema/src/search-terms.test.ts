import { describe, expect, it } from 'vitest';
import { buildConsultantDocument } from './document';
import { analyseSearchTerm, editDistance, protectSymbolTerms, titlesOfRole } from './search-terms';
import { getVocabularyIndex } from './vocabulary/vocabulary';
import { WORK_LOCATION_ALIASES, WORK_LOCATIONS } from '@mp/domain';
import { foldKeyword } from './fold';
import { experience, makeProfile, skill } from '@mp/test-support/profile-sources';

describe('protectSymbolTerms', () => {
  it('turns the symbol names of skills into plain tokens, whole words only', () => {
    expect(protectSymbolTerms('C#/.NET-utvecklare med C++17, F# och c++')).toBe(
      'csharp/dotnet-utvecklare med cpp, fsharp och cpp',
    );
    expect(protectSymbolTerms('ASP.NET, Objective-C, node.js, C och Hemsida.net')).toBe(
      'ASP.NET, Objective-C, node.js, C och Hemsida.net',
    );
  });

  it('finds a spelling in prose whatever its case, and leaves prose without one as it is', () => {
    expect(protectSymbolTerms('Jobbade med backend. Mest i .Net och C#. Sedan annat.')).toBe(
      'Jobbade med backend. Mest i dotnet och csharp. Sedan annat.',
    );
    const prose = 'Ledde teamet. Byggde tjänster i Java. Drev införandet av molnet.';
    expect(protectSymbolTerms(prose)).toBe(prose);
  });

  it('is applied to every indexed text, so C# is no longer the letter c', () => {
    const doc = buildConsultantDocument(
      makeProfile({
        skills: [skill('C#', { years: 10 })],
        shortDescription: 'Tio år med .NET',
        experiences: [experience('Byggde tjänster i C++', { skills: ['F#'] })],
      }),
    );
    expect(doc.skillText).toEqual(expect.arrayContaining(['csharp', 'fsharp']));
    expect(doc.bodyText).toEqual(expect.arrayContaining(['Tio år med dotnet', 'Byggde tjänster i cpp']));
    expect(doc.card.skills[0]).toMatchObject({ sv: 'C#', en: 'C#' });
  });
});

describe('analyseSearchTerm', () => {
  it('finds skills (longest name first), places and plain words', () => {
    expect(analyseSearchTerm('sql server göteborg egetord')).toEqual([
      { kind: 'skill', skill: 'sql-server', words: ['sql', 'server'] },
      { kind: 'location', location: 'goteborg', words: ['goteborg'] },
      { kind: 'word', words: ['egetord'] },
    ]);
    expect(analyseSearchTerm('c#')).toEqual([{ kind: 'skill', skill: 'csharp', words: ['csharp'] }]);
    expect(analyseSearchTerm('React Native')[0]).toMatchObject({ kind: 'skill', skill: 'react-native' });
  });

  it('reads a town as its region, and a region by its other names', () => {
    expect(analyseSearchTerm('frontend developer malmö').at(-1)).toEqual({
      kind: 'location',
      location: 'skane',
      words: ['malmo'],
    });
    expect(analyseSearchTerm('Linköping')).toEqual([
      { kind: 'location', location: 'ostergotland', words: ['linkoping'] },
    ]);
    expect(analyseSearchTerm('projektledare UMEÅ').at(-1)).toMatchObject({ location: 'vasterbotten' });
    expect(analyseSearchTerm('java gbg').at(-1)).toMatchObject({ location: 'goteborg' });
    expect(analyseSearchTerm('distans')).toMatchObject([{ location: 'distansarbete' }]);
  });

  it('has no other name of a place that is also a skill, a title or another place', () => {
    const owners = new Map<string, string>();
    for (const location of WORK_LOCATIONS) {
      for (const name of [location.label.sv, location.label.en, location.id])
        owners.set(foldKeyword(name), location.id);
    }
    const clashes: string[] = [];
    for (const [location, aliases] of Object.entries(WORK_LOCATION_ALIASES)) {
      for (const alias of aliases) {
        const owner = owners.get(foldKeyword(alias));
        if (owner !== undefined && owner !== location) clashes.push(`${alias}: ${owner} and ${location}`);
        owners.set(foldKeyword(alias), location);
        for (const kind of ['skills', 'jobTitles'] as const) {
          if ('id' in getVocabularyIndex(kind).resolve(alias)) clashes.push(`${alias}: a name in ${kind}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('reads a role word as every title of the role, and a compound as a skill in that role', () => {
    const developers = titlesOfRole('utvecklare');
    expect(developers).toEqual(
      expect.arrayContaining(['frontend-developer', 'java-developer', 'bi-developer', 'business-developer']),
    );
    expect(analyseSearchTerm('utvecklare')).toEqual([
      {
        kind: 'role',
        titles: ['software-developer'],
        asksForRole: false,
        roleTitles: developers,
        otherTitles: [],
        words: ['utvecklare'],
      },
    ]);
    const [reactDeveloper] = analyseSearchTerm('react utvecklare');
    expect(reactDeveloper).toMatchObject({
      kind: 'role',
      titles: [],
      skill: 'react',
      words: ['react', 'utvecklare'],
    });
    // With a skill, every title of the role word is still the role, in its family or beside it.
    expect(
      reactDeveloper?.kind === 'role' && [...reactDeveloper.roleTitles, ...reactDeveloper.otherTitles].sort(),
    ).toEqual([...developers].sort());
    const compound = analyseSearchTerm('javautvecklare')[0];
    // The compound names a title too: it asks for Java in the role, Javautvecklare first among equals.
    expect(compound).toMatchObject({
      kind: 'role',
      skill: 'java',
      titles: ['java-developer'],
      asksForRole: true,
    });
    expect(compound?.kind === 'role' && compound.roleTitles).toEqual(
      expect.arrayContaining(['java-developer', 'backend-developer']),
    );
    // 'controller' is a title, not the skill C plus 'ontroller'.
    expect(analyseSearchTerm('controller')[0]).toMatchObject({ kind: 'role', titles: ['controller'] });
    expect(analyseSearchTerm('data scientist')).toEqual([
      {
        kind: 'role',
        titles: ['data-scientist'],
        asksForRole: false,
        roleTitles: [],
        otherTitles: [],
        words: ['data', 'scientist'],
      },
    ]);
  });

  it("keeps a skill in a role to the role's family: titles that only end in the word rank beside it", () => {
    // 'utvecklare' names Systemutvecklare (development); 'pythonutvecklare' names Pythonutvecklare (development).
    for (const term of ['pythonutvecklare', 'python utvecklare', 'react utvecklare']) {
      const [concept] = analyseSearchTerm(term);
      if (concept?.kind !== 'role') throw new Error(`${term} is not read as a role`);
      expect(concept.roleTitles).toEqual(
        expect.arrayContaining(['software-developer', 'backend-developer', 'embedded-developer']),
      );
      expect(concept.otherTitles).toEqual(
        expect.arrayContaining(['bi-developer', 'business-development-manager', 'process-developer']),
      );
      expect(concept.roleTitles).not.toContain('business-development-manager');
    }
    // The compound asks for Python in the role; the phrase names the title Pythonutvecklare first.
    expect(analyseSearchTerm('pythonutvecklare')[0]).toMatchObject({
      titles: ['python-developer'],
      asksForRole: true,
      skill: 'python',
    });
    expect(analyseSearchTerm('python utvecklare')[0]).toMatchObject({
      titles: ['python-developer'],
      asksForRole: false,
    });
  });

  it('corrects a typo one edit from a single name (two from eight letters)', () => {
    expect(analyseSearchTerm('kuberentes')[0]).toMatchObject({
      kind: 'skill',
      skill: 'kubernetes',
      corrected: true,
    });
    expect(analyseSearchTerm('projektledre')[0]).toMatchObject({
      kind: 'role',
      titles: ['project-manager'],
      corrected: true,
    });
    expect(analyseSearchTerm('kubernetes')[0]).not.toHaveProperty('corrected');
    expect(analyseSearchTerm('xyzzyq')[0]).toEqual({ kind: 'word', words: ['xyzzyq'] });
    expect(editDistance('javsacript', 'javascript', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
