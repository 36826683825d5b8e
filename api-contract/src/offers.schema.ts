import { isIsoDate } from '@mp/search-schema';
import { z } from 'zod';

const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.maxLength');

/** Links and logos are shown to users: https only (http allowed for the local loopback in development). */
const linkSchema = z
  .string()
  .trim()
  .max(2_000, 'validation.invalidUrl')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === '127.0.0.1');
    } catch {
      return false;
    }
  }, 'validation.invalidUrl');

const optionalLink = z.union([z.literal('').transform(() => null), linkSchema]).nullish();
/**
 * A logo is uploaded (POST /admin/offers/logo) and served by us: the app's Content-Security-Policy shows images
 * from our own origin only. The API checks that the address is one of its uploaded logos.
 */
const optionalLogo = z
  .union([z.literal('').transform(() => null), z.string().trim().max(2_000, 'validation.offerLogoUpload')])
  .nullish();
const optionalDate = z
  .union([z.literal('').transform(() => null), z.string().refine(isIsoDate, 'validation.invalidLongDate')])
  .nullish();

/** An offer as an admin writes it: both languages, partner, link, logo and an optional validity window. */
export const offerInputSchema = z
  .object({
    partner: text(200),
    titleSv: text(200),
    titleEn: text(200),
    bodySv: text(5_000),
    bodyEn: text(5_000),
    url: optionalLink,
    logoUrl: optionalLogo,
    validFrom: optionalDate,
    validUntil: optionalDate,
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((o) => !o.validFrom || !o.validUntil || o.validUntil >= o.validFrom, {
    message: 'validation.validityOrder',
    path: ['validUntil'],
    // Checked with the other fields' problems too (a form shows them all at once), once both dates are dates.
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === 'validFrom' || issue.path?.[0] === 'validUntil'),
  });
export type OfferInput = z.output<typeof offerInputSchema>;

/** An offer as the offers page shows it, in the request's language. */
export const offerSchema = z.object({
  id: z.uuid(),
  partner: z.string(),
  title: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  logoUrl: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
});

export const adminOfferSchema = z.object({
  id: z.uuid(),
  partner: z.string(),
  titleSv: z.string(),
  titleEn: z.string(),
  bodySv: z.string(),
  bodyEn: z.string(),
  url: z.string().nullable(),
  logoUrl: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** Shown on the offers page today: active and within its validity. */
  current: z.boolean(),
});

/** GET /api/offers */
export const offerListSchema = z.object({ offers: z.array(offerSchema) });
/** GET /api/admin/offers */
export const adminOfferListSchema = z.object({ offers: z.array(adminOfferSchema) });
export const offerParamsSchema = z.object({ id: z.uuid() });
/** POST /api/admin/offers/logo: the address to save as the offer's logoUrl. */
export const offerLogoUploadSchema = z.object({ logoUrl: z.string() });
/** GET /api/offer-logos/{key} */
export const offerLogoParamsSchema = z.object({ key: z.string().max(100) });
