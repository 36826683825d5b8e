import { LOCALES } from '@mp/domain';
import { z } from 'zod';

// The PDF CVs (GET /api/profile/cv.pdf and /api/profile/{id}/cv.pdf); the answer is `file.schema.ts`'s PDF.

export const cvQuerySchema = z.object({
  /** The CV's language; the request's language (Accept-Language) when left out. */
  lang: z.enum(LOCALES).optional(),
});
export const cvParamsSchema = z.object({ id: z.string().max(100) });
