import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { findProfileSources } from '@mp/indexer/profile-source.repository';
import { ensureSearchIndex, writeProfiles } from '@mp/indexer/search-index';
import { createDatabase } from '@mp/migrations/db';
import type { SearchPage as SearchResponse } from '@mp/api-contract/search.schema';
import type { SearchCriteriaInput } from '@mp/search-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@mp/test-support/build-test-app';
import { TEST_DATABASE_URL } from '@mp/test-support/database';
import { buildProfileInput, createConsultants } from '@mp/test-support/profile-factory';
import type { ProfileInputDraft } from '../profiles/profile.schema';
import { swedishToday } from './search.service';
import { dropSearchIndices } from '@mp/test-support/search-index';

// Ranking against the real index: the named vocabulary skill first, by years and recent use, and the card
// says why ('C# · 10 år, senast 2026').

const alias = `it-relevance-${randomUUID().slice(0, 8)}`;
const db = createDatabase(TEST_DATABASE_URL, { maxConnections: 2 });
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
let app: FastifyInstance;
const ids: Record<string, string> = {};

// Recent use is judged against the server's Swedish today, so the fixtures' years follow the calendar.
const thisYear = Number(swedishToday().slice(0, 4));

const skill = (name: string, yearsOfExperience: number, lastUsedYear: number, starred = false) => ({
  name,
  yearsOfExperience,
  lastUsedYear,
  starred,
});

const people: Record<string, ProfileInputDraft> = {
  csharpSenior: buildProfileInput({ jobTitles: ['.NET-utvecklare'], skills: [skill('C#', 10, thisYear)] }),
  csharpJunior: buildProfileInput({ jobTitles: ['.NET-utvecklare'], skills: [skill('C#', 1, thisYear - 7)] }),
  dotnetOnly: buildProfileInput({
    jobTitles: ['.NET-utvecklare'],
    shortDescription: 'Tolv år med .NET och C.',
    skills: [skill('.NET', 12, thisYear), skill('C', 12, thisYear)],
  }),
  reactWeb: buildProfileInput({ jobTitles: ['Frontendutvecklare'], skills: [skill('React', 3, thisYear)] }),
  reactNative: buildProfileInput({
    jobTitles: ['Apputvecklare'],
    skills: [skill('React Native', 9, thisYear)],
  }),
  sapLong: buildProfileInput({ jobTitles: ['SAP-konsult'], skills: [skill('SAP', 10, thisYear)] }),
  sapShort: buildProfileInput({ jobTitles: ['SAP-konsult'], skills: [skill('SAP', 1, thisYear, true)] }),
  javaEnglish: buildProfileInput({ jobTitles: ['Javautvecklare'], skills: [skill('Java', 6, thisYear - 1)] }),
  javaSwedishOnly: buildProfileInput({
    jobTitles: ['Javautvecklare'],
    skills: [skill('Java', 12, thisYear)],
    languages: [{ code: 'sv', level: 'native_or_bilingual' }],
  }),
  javaLongAgo: buildProfileInput({
    jobTitles: ['Javautvecklare'],
    skills: [skill('Java', 15, thisYear - 6)],
  }),
  javaJunior: buildProfileInput({ jobTitles: ['Javautvecklare'], skills: [skill('Java', 2, thisYear)] }),
  vueInSkane: buildProfileInput({
    jobTitles: ['Frontendutvecklare'],
    locations: ['skane'],
    skills: [skill('Vue.js', 2, thisYear)],
  }),
  vueInStockholm: buildProfileInput({
    jobTitles: ['Frontendutvecklare'],
    locations: ['stockholm'],
    skills: [skill('Vue.js', 12, thisYear)],
  }),
};

async function search(criteria: SearchCriteriaInput, language = 'sv'): Promise<SearchResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/search/v3',
    headers: { 'accept-language': language },
    payload: { ...criteria, pageSize: 50, facets: false },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
}

const order = (response: SearchResponse) =>
  response.results.map((card) => Object.keys(ids).find((key) => ids[key] === card.userId));

beforeAll(async () => {
  const names = Object.keys(people);
  const created = await createConsultants(
    db,
    names.map((name) => people[name]!),
  );
  created.forEach((consultant, i) => (ids[names[i]!] = consultant.userId));
  const sources = await findProfileSources(
    db,
    created.map((c) => c.userId),
  );
  await ensureSearchIndex(es, alias);
  await writeProfiles(es, alias, sources, { refresh: true });
  app = await buildTestApp({ SEARCH_INDEX_ALIAS: alias });
});

afterAll(async () => {
  await app?.close();
  await dropSearchIndices(es, alias);
  await es.close();
  await db.destroy();
});

describe('ranking', () => {
  it('keeps c# a term of its own: C# developers by experience, before the .NET and C developer', async () => {
    const response = await search({ searchTerm: 'c#' });
    // The .NET developer matches only through the vocabulary's alias of the title ('C#-utvecklare').
    expect(order(response)).toEqual(['csharpSenior', 'csharpJunior', 'dotnetOnly']);
    // 'c' is the language C: its developer first (C# matches 'c' only through the alias 'C sharp').
    expect(order(await search({ searchTerm: 'c' }))[0]).toBe('dotnetOnly');
    expect(response.results[0]!.matchedSkills).toEqual([
      { id: 'csharp', skill: 'C#', years: 10, lastUsedYear: thisYear },
    ]);
  });

  it('puts the named skill before a skill that merely contains the word', async () => {
    expect(order(await search({ searchTerm: 'react utvecklare' }))[0]).toBe('reactWeb');
    expect(order(await search({ searchTerm: 'react' }, 'en'))).toEqual(['reactWeb', 'reactNative']);
  });

  it('ranks ten years of SAP used this year above one starred year', async () => {
    expect(order(await search({ searchTerm: 'sap' }))).toEqual(['sapLong', 'sapShort']);
  });

  it('reads a town in the search box as its region', async () => {
    // Malmö is in Skåne: the one there comes first, though the other has ten more years of Vue.js.
    expect(order(await search({ searchTerm: 'vue malmö' }))).toEqual(['vueInSkane', 'vueInStockholm']);
    expect(order(await search({ searchTerm: 'vue.js stockholm' }, 'en'))).toEqual([
      'vueInStockholm',
      'vueInSkane',
    ]);
    // A town alone asks for its region's consultants: no profile mentions Malmö.
    expect(order(await search({ searchTerm: 'Malmö' }))).toEqual(['vueInSkane']);
  });
});

describe('skill requirements and nice-to-haves', () => {
  const java5Recent = { skillRequirements: [{ skill: 'Java', minYears: 5, usedWithinYears: 2 }] };

  it('filters exactly by years and recent use, most experienced first', async () => {
    expect(order(await search(java5Recent))).toEqual(['javaSwedishOnly', 'javaEnglish']);
  });

  it('lets a nice-to-have reorder the same matches and say so on the card', async () => {
    const response = await search({ ...java5Recent, niceToHave: { languages: ['en'] } }, 'en');
    expect(order(response)).toEqual(['javaEnglish', 'javaSwedishOnly']);
    expect(response.results[0]!.matched).toContainEqual({
      criterion: 'niceToHave',
      values: ['languages:en'],
    });
    expect(response.results[0]!.matchedSkills).toEqual([
      { id: 'java', skill: 'Java', years: 6, lastUsedYear: thisYear - 1 },
    ]);
    expect(response.results[1]!.matched.some((m) => m.criterion === 'niceToHave')).toBe(false);
  });
});
