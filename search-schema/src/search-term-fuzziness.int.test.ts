// Typo tolerance of the search term against the real Elasticsearch node (a scratch index of its own): a word
// that only resembles the search word ('docker' for 'rocket') is not a match, an exact match always outranks
// a fuzzy one, and the card's "Matches" names only words the profile really holds.
import { Client } from '@elastic/elasticsearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criteriaSchema } from './criteria.schema';
import type { SearchCriteriaInput } from './criteria.schema';
import { buildConsultantDocument } from './document';
import { buildIndexDefinition } from './mapping';
import { buildSearchQuery } from './query';
import type { SearchViewer } from './query';
import { toSearchResult } from './result.schema';
import { experience, makeProfile, skill, TEST_TODAY } from '@mp/test-support/profile-sources';

const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
const index = `scratch-search-fuzziness-${process.pid}-${Date.now()}`;
const user: SearchViewer = { kind: 'user', userId: '00000000-0000-4000-8000-ffffffffffff' };

const profiles = [
  makeProfile({
    firstName: 'Dora',
    jobTitles: [{ vocabularyId: 'devops-engineer', text: 'DevOps engineer' }],
    skills: [skill('Docker', { years: 8, lastUsedYear: 2025, starred: true }), skill('Kubernetes')],
    shortDescription: 'Docker, Docker Swarm and Docker Compose for every team.',
  }),
  makeProfile({
    firstName: 'Dennis',
    jobTitles: [
      { vocabularyId: 'cloud-engineer', text: 'Cloud engineer' },
      { vocabularyId: null, text: 'Zorbix engineer' },
    ],
    skills: [skill('Docker', { years: 5, lastUsedYear: 2025 }), skill('Terraform')],
  }),
  makeProfile({
    firstName: 'Rut',
    jobTitles: [{ vocabularyId: null, text: '🚀 Rocket engineer' }],
    skills: [skill('Python', { years: 2, lastUsedYear: 2025 })],
    experiences: [
      experience('Telemetri för raketmotorer'),
      experience('Flera år med mätsystemet Zorbax på provbänken, från planering och drift till uppföljning.'),
    ],
  }),
  makeProfile({
    firstName: 'Jens',
    jobTitles: [{ vocabularyId: null, text: 'Frontendutvecklare' }],
    skills: [skill('JavaScript', { years: 6, lastUsedYear: 2025 })],
  }),
];
const documents = profiles.map(buildConsultantDocument);
const nameOf = new Map(documents.map((doc) => [doc.userId, doc.card.firstName]));

beforeAll(async () => {
  await es.indices.create({ index, ...buildIndexDefinition() });
  await es.bulk({
    refresh: true,
    operations: documents.flatMap((doc) => [{ index: { _index: index, _id: doc.userId } }, doc]),
  });
});

afterAll(async () => {
  await es.indices.delete({ index, ignore_unavailable: true });
  await es.close();
});

async function search(searchTerm: string, locale: 'sv' | 'en' = 'en') {
  const input: SearchCriteriaInput = { searchTerm, availableAt: '2030-01-01' };
  const body = buildSearchQuery(criteriaSchema.parse(input), user, {
    today: TEST_TODAY,
    size: 50,
    facets: false,
    locale,
  });
  const response = await es.search({ index, ...body });
  return response.hits.hits.map((hit) => ({
    name: nameOf.get(hit._id ?? '') ?? '?',
    card: toSearchResult(hit, user, locale),
  }));
}

const names = (hits: { name: string }[]) => hits.map((hit) => hit.name);

/** The search words the card says the profile matched ("Matches: …"). */
function matchedWords(hit: { card: ReturnType<typeof toSearchResult> } | undefined): string[] {
  return hit?.card.matched.find((matched) => matched.criterion === 'searchTerm')?.values ?? [];
}

describe('typo tolerance of the search term', () => {
  it("does not match 'docker' for 'rocket' (two edits, and not in the first letter)", async () => {
    expect(names(await search('rocket'))).toEqual(['Rut']);
    expect(names(await search('Rocket', 'sv'))).toEqual(['Rut']);
  });

  it("ranks the profile titled 'Rocket engineer' first for 'Rocket engineer'", async () => {
    const hits = await search('Rocket engineer');
    // The engineers whose only 'rocket' was 'Docker' (DevOps and Cloud engineer titles) are not hits at all.
    expect(names(hits)).toEqual(['Rut']);
    expect(matchedWords(hits[0]).sort()).toEqual(['engineer', 'rocket']);
  });

  it('still finds real typos, without claiming the mistyped word as a match', async () => {
    const javascript = await search('javscript');
    expect(names(javascript)).toEqual(['Jens']);
    expect(matchedWords(javascript[0])).toEqual([]);
    expect(javascript[0]?.card.matchedSkills.map((matched) => matched.id)).toEqual(['javascript']);

    const telemetry = await search('telmetri', 'sv');
    expect(names(telemetry)).toEqual(['Rut']);
    expect(matchedWords(telemetry[0])).toEqual([]);
  });

  it('ranks an exact match above a fuzzy one, and names only the exact one', async () => {
    // 'zorbax' is in Rut's long experience text; Dennis's short title has 'Zorbix', one edit away.
    const hits = await search('zorbax');
    expect(names(hits)).toEqual(['Rut', 'Dennis']);
    expect(matchedWords(hits[0])).toEqual(['zorbax']);
    expect(matchedWords(hits[1])).toEqual([]);
  });
});
