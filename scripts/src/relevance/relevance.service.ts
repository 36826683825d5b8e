import type { Client } from '@elastic/elasticsearch';
import { searchConsultants } from '@mp/api/features/search/search.service';
import { consultantDocumentSchema, criteriaSchema, type ConsultantDocument } from '@mp/search-schema';
import { matchesCriteria } from '@mp/test-support/reference-filter';
import { gradeProfile, ndcgAt, type Grade } from './judge';
import { JUDGED_QUERIES, type JudgedQuery } from './judged-queries';

export const RELEVANCE_DEPTH = 10;

export interface QueryRelevance {
  id: string;
  category: JudgedQuery['category'];
  locale: JudgedQuery['locale'];
  searchTerm: string;
  /** nDCG@10; null when no candidate is relevant (a broken judgment). */
  ndcg: number | null;
  /** Grades of the returned top 10, in rank order. */
  returned: Grade[];
  /** How many candidates (profiles passing the query's filters) have each grade 3, 2, 1. */
  relevantCandidates: { 3: number; 2: number; 1: number };
}

export interface RelevanceReport {
  queries: QueryRelevance[];
  mean: number;
  min: number;
  profiles: number;
}

/** Every document behind the alias (point in time + search_after, so any size works). */
export async function loadIndexedDocuments(es: Client, alias: string): Promise<ConsultantDocument[]> {
  const pit = await es.openPointInTime({ index: alias, keep_alive: '1m' });
  const docs: ConsultantDocument[] = [];
  try {
    let after: unknown[] | undefined;
    for (;;) {
      const page = await es.search({
        pit: { id: pit.id, keep_alive: '1m' },
        size: 2000,
        sort: [{ userId: 'asc' }],
        ...(after ? { search_after: after as (string | number)[] } : {}),
      });
      const hits = page.hits.hits;
      docs.push(...hits.map((hit) => consultantDocumentSchema.parse(hit._source)));
      if (hits.length < 2000) break;
      after = hits[hits.length - 1]!.sort;
    }
  } finally {
    await es.closePointInTime({ id: pit.id });
  }
  return docs;
}

/**
 * Runs every judged query through the product's search (`searchConsultants`, as `/search/v3` does) and
 * scores its first 10 cards with nDCG@10 against the grades the written rules give each profile. The ideal
 * ranking is taken over the candidates: the profiles that pass the query's filters (everything but the
 * search term), since no ranking can show a profile the filters exclude.
 */
export async function measureRelevance(
  es: Client,
  alias: string,
  today: string,
  queries: readonly JudgedQuery[] = JUDGED_QUERIES,
): Promise<RelevanceReport> {
  const docs = await loadIndexedDocuments(es, alias);
  const thisYear = Number(today.slice(0, 4));
  const results: QueryRelevance[] = [];
  for (const query of queries) {
    const criteria = criteriaSchema.parse(query.criteria);
    const filtersOnly = { ...criteria, searchTerm: '' };
    const grades = new Map<string, Grade>();
    for (const doc of docs) {
      if (!matchesCriteria(doc, filtersOnly, today)) continue;
      grades.set(doc.userId, gradeProfile(doc, query.wanted, thisYear));
    }
    const page = await searchConsultants(
      es,
      alias,
      { criteria, pageSize: RELEVANCE_DEPTH, facets: false },
      { kind: 'anonymous' },
      query.locale,
      today,
    );
    const returned = page.results.map((card) => grades.get(card.userId) ?? 0);
    const candidates = [...grades.values()];
    results.push({
      id: query.id,
      category: query.category,
      locale: query.locale,
      searchTerm: criteria.searchTerm,
      ndcg: ndcgAt(RELEVANCE_DEPTH, returned, candidates),
      returned,
      relevantCandidates: {
        3: candidates.filter((g) => g === 3).length,
        2: candidates.filter((g) => g === 2).length,
        1: candidates.filter((g) => g === 1).length,
      },
    });
  }
  const scores = results.map((r) => r.ndcg ?? 0);
  return {
    queries: results,
    mean: scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length),
    min: Math.min(...scores),
    profiles: docs.length,
  };
}

/** The report as a text table: one line per query, then the mean and the minimum. */
export function formatRelevanceReport(report: RelevanceReport): string {
  const lines = [
    `query                      cat             lang  nDCG@10  top-10 grades  candidates 3/2/1`,
    ...report.queries.map(
      (r) =>
        `${r.id.padEnd(26)} ${r.category.padEnd(15)} ${r.locale.padEnd(5)} ${
          r.ndcg === null ? '  n/a ' : r.ndcg.toFixed(3).padStart(6)
        }   ${r.returned.join('').padEnd(13)}  ${r.relevantCandidates[3]}/${r.relevantCandidates[2]}/${r.relevantCandidates[1]}`,
    ),
    `mean nDCG@10 ${report.mean.toFixed(3)}, lowest ${report.min.toFixed(3)}, ${report.queries.length} queries over ${report.profiles} indexed profiles`,
  ];
  return lines.join('\n');
}
