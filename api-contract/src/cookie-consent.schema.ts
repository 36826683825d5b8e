import { LOCALES } from '@mp/domain/locale';
import { z } from 'zod';

// The cookie banner's form (spec section 2, "Cookie banner"): posted by the browser itself when the visitor agrees
// before the page's script has taken over (a phone can take seconds), so the agreement is not lost.

const PAGE = new RegExp(`^/(?:${LOCALES.join('|')})(?:[/?#]|$)`);

/** POST /api/cookie-consent: the page the visitor agreed on, where they are sent back to. */
export const cookieConsentBodySchema = z.object({
  page: z.string().max(2048, 'validation.maxLength').regex(PAGE, 'validation.invalidPagePath').optional(),
});

/** The answer: 303 See Other to `location` (the page, or the site's root), with the agreement's cookie. */
export const cookieConsentSchema = z.object({ agreed: z.literal(true), location: z.string() });
