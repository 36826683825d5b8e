import type { CurrentTerms, TermsKind } from '@mp/api-contract/terms.schema';
import { api, isApiError } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';

export type { CurrentTerms, TermsKind };

/**
 * `GET /terms/{kind}/current`: the newest published version of the terms of use, privacy policy or cookie
 * policy in the page's language; null when none is published (404 TERMS_NOT_PUBLISHED), so the page shows its
 * built-in text.
 */
export async function fetchCurrentTerms(
  kind: TermsKind,
  language: Language,
  signal?: AbortSignal,
): Promise<CurrentTerms | null> {
  try {
    return await api.get<CurrentTerms>(`/terms/${kind}/current`, { language, signal, background: true });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
