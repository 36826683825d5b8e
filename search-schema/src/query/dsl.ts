// Building blocks of the Elasticsearch query DSL the search queries are made of.

/** An Elasticsearch query DSL object. */
export type EsQuery = Record<string, unknown>;

export function allOf(clauses: EsQuery[]): EsQuery {
  return { bool: { filter: clauses } };
}

export function anyOf(clauses: EsQuery[]): EsQuery {
  return { bool: { should: clauses, minimum_should_match: 1 } };
}

export function constantScore(filter: EsQuery, boost: number): EsQuery {
  return { constant_score: { filter, boost } };
}

/**
 * A score computed by `functions` (summed) for the documents `query` selects, scaled by `boost`. The boost
 * goes into each function's `weight`: with `boost_mode: replace` a query-level `boost` of `function_score`
 * (or of an enclosing `nested`) is lost, as measured on this node.
 */
export function scoredBy(query: EsQuery, functions: EsQuery[], boost: number): EsQuery {
  return {
    function_score: {
      query,
      functions: functions.map((fn) => ({ ...fn, weight: ((fn.weight as number | undefined) ?? 1) * boost })),
      score_mode: 'sum',
      boost_mode: 'replace',
    },
  };
}
