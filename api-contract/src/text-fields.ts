import { notOnlySpacesSchema, type MessageCode } from '@mp/domain';
import { z } from 'zod';

/** Optional text: '' and null mean none; only spaces is refused; the output is trimmed or null. */
export const optionalText = (max: number) =>
  notOnlySpacesSchema
    .transform((v) => v.trim())
    .pipe(z.string().max(max, 'validation.maxLength' satisfies MessageCode))
    .nullish()
    .transform((v) => (v ? v : null));
