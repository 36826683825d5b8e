import type { BillResponse, BillSummary, BillView } from '@mp/api-contract/billing.schema';
import type { PaymentState } from '@mp/api-contract/payments.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Bills (spec section 2: user/billing, user/billing/{id}; issue 16).

export type { BillSummary, BillView };

export const billsQueryOptions = queryOptions({
  queryKey: ['session', 'bills'],
  queryFn: () => api.get<{ bills: BillSummary[] }>('/user/billing', { background: true }),
  select: (data) => data.bills,
});

export const billQueryOptions = (id: string, language: string) =>
  queryOptions({
    // The lines' descriptions come in the request's language.
    queryKey: ['session', 'bills', id, language],
    queryFn: () =>
      api.get<BillResponse>(`/user/billing/${encodeURIComponent(id)}`, {
        background: true,
      }),
  });

/** Pays the bill's total with VAT with the saved card; a 3-D Secure challenge answers `requires_action`. */
export const payBill = (id: string) =>
  api.post<PaymentState>(`/user/billing/${encodeURIComponent(id)}/pay`, {});

export const downloadBillPdf = (id: string) =>
  api.get<Blob>(`/user/billing/${encodeURIComponent(id)}/pdf`, { responseType: 'blob' });

/** A card payment's receipt as a PDF (seller, buyer, VAT, total), in the request's language. */
export const downloadReceiptPdf = (id: string) =>
  api.get<Blob>(`/payment/receipts/${encodeURIComponent(id)}/pdf`, { responseType: 'blob' });
