import type { LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_LANGUAGE, languageOf } from '../../lib/language';
import { fetchCurrentTerms, type CurrentTerms, type TermsKind } from './api/current-terms';

export interface LegalDocumentData {
  /** The admin's newest published version, or null: the page shows its built-in text. */
  published: CurrentTerms | null;
  /** Whether the published version takes effect later (posted, in force after the notice period). */
  takesEffectLater: boolean;
}

/**
 * The loader of the tos-users, privacy-policy and cookies routes: the server renders the published text
 * (React Router hands the result to the browser in the hydration data), and a navigation in the browser
 * fetches it for the route's language.
 */
export const legalDocumentLoader =
  (kind: TermsKind) =>
  async ({ params, request }: LoaderFunctionArgs): Promise<LegalDocumentData> => {
    const published = await fetchCurrentTerms(
      kind,
      languageOf(params.lang) ?? DEFAULT_LANGUAGE,
      request.signal,
    );
    // Decided here, not while rendering: the server's answer hydrates as it is.
    const effectiveAt = published?.effectiveAt;
    return { published, takesEffectLater: Boolean(effectiveAt && Date.parse(effectiveAt) > Date.now()) };
  };
