import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { suggestTerms, type Suggestion, type VocabularyKind } from '../api/profile';

const DEBOUNCE_MS = 150;

/**
 * Vocabulary suggestions for what the user is typing (debounced; nothing for an empty input). `settled`: the
 * suggestions are those for the input as it is now (not for an earlier prefix, nor still on their way).
 */
export function useTermSuggestions(
  vocabulary: VocabularyKind,
  input: string,
): {
  suggestions: Suggestion[];
  loading: boolean;
  settled: boolean;
} {
  const [term, setTerm] = useState(input.trim());
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const query = useQuery({
    queryKey: ['profile-vocabulary', vocabulary, term],
    queryFn: ({ signal }) => suggestTerms(vocabulary, term, signal),
    enabled: term.length > 0,
    staleTime: 10 * 60_000,
    meta: { handlesErrors: true },
  });
  return {
    suggestions: term.length > 0 && input.trim().length > 0 ? (query.data ?? []) : [],
    loading: query.isFetching,
    settled: term === input.trim() && (term.length === 0 || query.isSuccess) && !query.isFetching,
  };
}
