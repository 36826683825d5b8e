import type {
  adminDashboardSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  auditEntrySchema,
  auditPageSchema,
} from '@mp/api-contract/admin.schema';
import type {
  adminCoachSlotSchema,
  adminCoachSlotsResponseSchema,
  createCoachSlotBodySchema,
} from '@mp/api-contract/coach-sessions.schema';
import type {
  feedbackHandledSchema,
  feedbackItemSchema,
  feedbackPageSchema,
} from '@mp/api-contract/feedback.schema';
import type {
  adminOfferListSchema,
  adminOfferSchema,
  offerInputSchema,
} from '@mp/api-contract/offers.schema';
import type { termsVersionListSchema, termsVersionSchema } from '@mp/api-contract/terms.schema';
import type { adminPricingSchema, pricingInputSchema } from '@mp/api-contract/admin-pricing.schema';
import type {
  adminVocabularyEntrySchema,
  vocabularyChangeSchema,
  vocabularyEntryInputSchema,
  vocabularyPageSchema,
} from '@mp/api-contract/admin-vocabularies.schema';
import type {
  AdminBill,
  AdminBillsQuery,
  AdminBillStatusFilter,
  adminBillListSchema,
  adminBillMarkPaidResponseSchema,
} from '@mp/api-contract/billing.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

// The god area's calls (`/api/admin/*`). Only types come from the API's schemas.

export type AdminDashboard = z.output<typeof adminDashboardSchema>;
export type AdminUsersPage = z.output<typeof adminUsersPageSchema>;
export type AdminUserDetail = z.output<typeof adminUserDetailSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type TermsVersion = z.output<typeof termsVersionSchema>;
export type TermsKind = TermsVersion['kind'];
export type FeedbackItem = z.output<typeof feedbackItemSchema>;
/** A handled item: for an answer, whether it was mailed (or why not). */
export type HandledFeedback = z.output<typeof feedbackHandledSchema>;
export type FeedbackStatus = FeedbackItem['status'];
export type AdminOffer = z.output<typeof adminOfferSchema>;
export type OfferInput = z.input<typeof offerInputSchema>;
export type AdminCoachSlot = z.output<typeof adminCoachSlotSchema>;
export type CoachSlotInput = z.input<typeof createCoachSlotBodySchema>;
type AuditPage = z.output<typeof auditPageSchema>;
type TermsVersionList = z.output<typeof termsVersionListSchema>;
type FeedbackPage = z.output<typeof feedbackPageSchema>;
type AdminOfferList = z.output<typeof adminOfferListSchema>;
type AdminCoachSlotList = z.output<typeof adminCoachSlotsResponseSchema>;

export interface UsersFilter {
  q?: string;
  verified?: boolean;
  premium?: boolean;
  admin?: boolean;
  searchable?: boolean;
  deleted?: boolean;
  page: number;
  pageSize: number;
}

export const fetchDashboard = (signal?: AbortSignal) =>
  api.get<AdminDashboard>('/admin/dashboard', { signal });

export const fetchUsers = (filter: UsersFilter, signal?: AbortSignal) =>
  api.get<AdminUsersPage>('/admin/users', { query: { ...filter }, signal });

export const fetchUser = (userId: string, signal?: AbortSignal) =>
  api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(userId)}`, { signal });

/** Makes the user an admin, or takes it back (not one's own): the user's page as it is after. */
export const setUserAdmin = (userId: string, isAdmin: boolean) =>
  api.put<AdminUserDetail>(`/admin/users/${encodeURIComponent(userId)}/admin`, { isAdmin });

export const fetchAudit = (q: string, page: number, signal?: AbortSignal) =>
  api.get<AuditPage>('/admin/audit', { query: { q: q || undefined, page }, signal });

export const fetchTermsVersions = (signal?: AbortSignal) =>
  api.get<TermsVersionList>('/admin/terms', { signal });

export const createTermsDraft = (body: { kind: TermsKind; bodySv: string; bodyEn: string }) =>
  api.post<TermsVersion>('/admin/terms', body);

export const updateTermsDraft = (id: string, body: { bodySv: string; bodyEn: string }) =>
  api.put<TermsVersion>(`/admin/terms/${encodeURIComponent(id)}`, body);

/** Discards a saved draft; answers with it as it was. */
export const deleteTermsDraft = (id: string) =>
  api.delete<TermsVersion>(`/admin/terms/${encodeURIComponent(id)}`);

export const publishTerms = (id: string) =>
  api.post<TermsVersion>(`/admin/terms/${encodeURIComponent(id)}/publish`);

export const fetchFeedback = (status: FeedbackStatus | undefined, page: number, signal?: AbortSignal) =>
  api.get<FeedbackPage>('/admin/feedback', {
    query: { status, page },
    signal,
  });

export const updateFeedback = (id: string, body: { status?: FeedbackStatus; answer?: string }) =>
  api.put<HandledFeedback>(`/admin/feedback/${encodeURIComponent(id)}`, body);

export const fetchAdminOffers = (signal?: AbortSignal) =>
  api.get<AdminOfferList>('/admin/offers', { signal });

export const createOffer = (body: OfferInput) => api.post<AdminOfferList>('/admin/offers', body);

/** `POST admin/offers/logo` (multipart): the API checks the image, stores it and answers its address of ours. */
export function uploadOfferLogo(logo: Blob, filename: string): Promise<{ logoUrl: string }> {
  const form = new FormData();
  form.append('file', logo, filename);
  return api.post<{ logoUrl: string }>('/admin/offers/logo', form);
}

export const updateOffer = (id: string, body: OfferInput) =>
  api.put<AdminOfferList>(`/admin/offers/${encodeURIComponent(id)}`, body);

export const deleteOffer = (id: string) =>
  api.delete<AdminOfferList>(`/admin/offers/${encodeURIComponent(id)}`);

export const fetchCoachSlots = (signal?: AbortSignal) =>
  api.get<AdminCoachSlotList>('/admin/coach-slots', { signal });

export const createCoachSlot = (body: CoachSlotInput) =>
  api.post<AdminCoachSlotList>('/admin/coach-slots', body);

export const deleteCoachSlot = (id: string) =>
  api.delete<AdminCoachSlotList>(`/admin/coach-slots/${encodeURIComponent(id)}`);

export type AdminVocabularyEntry = z.output<typeof adminVocabularyEntrySchema>;
export type VocabularyChange = z.output<typeof vocabularyChangeSchema>;
export type AdminVocabularyKind = VocabularyChange['kind'];
export type VocabularyEntryInput = z.input<typeof vocabularyEntryInputSchema>;
export type VocabularyPage = z.output<typeof vocabularyPageSchema>;

export const fetchVocabulary = (
  kind: AdminVocabularyKind,
  query: { q?: string; page: number; pageSize: number },
  signal?: AbortSignal,
) =>
  api.get<VocabularyPage>(`/admin/vocabularies/${kind}`, {
    query: { ...query, q: query.q || undefined },
    signal,
  });

export const updateVocabularyEntry = (kind: AdminVocabularyKind, id: string, body: VocabularyEntryInput) =>
  api.put<{ entry: AdminVocabularyEntry; change: VocabularyChange }>(
    `/admin/vocabularies/${kind}/${encodeURIComponent(id)}`,
    body,
  );

export const createVocabularyEntry = (kind: AdminVocabularyKind, body: VocabularyEntryInput) =>
  api.post<{ entry: AdminVocabularyEntry; change: VocabularyChange }>(`/admin/vocabularies/${kind}`, body);

export const mergeVocabularyEntry = (kind: AdminVocabularyKind, id: string, into: string) =>
  api.post<{ entry: AdminVocabularyEntry; change: VocabularyChange }>(
    `/admin/vocabularies/${kind}/${encodeURIComponent(id)}/merge`,
    { into },
  );

/** Background polling of a change's reindex progress (no loading indicator). */
/** Takes an entry no profile uses out of the vocabulary; 409 VOCABULARY_ENTRY_IN_USE for one in use. */
export const deleteVocabularyEntry = (kind: AdminVocabularyKind, id: string) =>
  api.delete<{ change: VocabularyChange }>(`/admin/vocabularies/${kind}/${encodeURIComponent(id)}`);

export const fetchVocabularyChange = (id: string, signal?: AbortSignal) =>
  api.get<VocabularyChange>(`/admin/vocabularies/changes/${encodeURIComponent(id)}`, {
    signal,
    background: true,
  });

export type AdminPricing = z.output<typeof adminPricingSchema>;
export type PricingInput = z.input<typeof pricingInputSchema>;

export const fetchPricing = (signal?: AbortSignal) => api.get<AdminPricing>('/admin/pricing', { signal });

export const updatePricing = (target: 'plans' | 'products', code: string, body: PricingInput) =>
  api.put<AdminPricing>(`/admin/pricing/${target}/${encodeURIComponent(code)}`, body);

// ---- bills (god/bills) ----------------------------------------------------------------------------------

export type { AdminBill, AdminBillStatusFilter };

export const fetchAdminBills = (
  query: Pick<Partial<AdminBillsQuery>, 'q'> & Pick<AdminBillsQuery, 'status'>,
  signal?: AbortSignal,
) =>
  api.get<z.output<typeof adminBillListSchema>>('/admin/bills', {
    query: { status: query.status, ...(query.q ? { q: query.q } : {}) },
    signal,
  });

/** Records a bankgiro payment received outside the app on `paidOn` ('YYYY-MM-DD'). */
export const markBillPaid = (id: string, paidOn: string) =>
  api.post<z.output<typeof adminBillMarkPaidResponseSchema>>(
    `/admin/bills/${encodeURIComponent(id)}/mark-paid`,
    { paidOn },
  );
