import type { PaymentDetailsBody, PaymentState } from '@mp/api-contract/payments.schema';
import type {
  cardListSchema,
  paymentDetailsBodySchema,
  paymentDetailsResponseSchema,
} from '@mp/api-contract/payments.schema';
import type { ProductsResponse } from '@mp/api-contract/products.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { showError, showSuccess } from './alerts';
import { api } from './api-client';
import { formatDate } from './date-format';
import { describeError } from './errors';

// Card payments in the browser: cards are typed only into the provider's hosted form, which returns here with
// `payment_method=<token>`; a 3-D Secure challenge returns with `payment_intent=<id>`. Only types come from the
// API's schemas.

export type { PaymentState, ProductsResponse };
export type CardList = z.infer<typeof cardListSchema>;
export type PaymentDetails = NonNullable<z.infer<typeof paymentDetailsResponseSchema>['details']>;
export type PaymentDetailsInput = z.input<typeof paymentDetailsBodySchema>;
export type { PaymentDetailsBody };

/**
 * Whether a card added or removed left a charge unpaid: a subscription past due was charged to the new default
 * card at once and that was declined (or waits for 3-D Secure). Its message then says so and is no success.
 */
export const cardChargeUnpaid = (cards: Pick<CardList, 'charge'>): boolean =>
  cards.charge !== undefined && cards.charge.status !== 'paid';

export const productsQueryKey = ['products'] as const;
export const cardsQueryKey = ['payment', 'cards'] as const;
export const paymentDetailsQueryKey = ['payment', 'details'] as const;

export const fetchProducts = () => api.get<ProductsResponse>('/products', { background: true });
export const fetchCards = () => api.get<CardList>('/payment/cards', { background: true });
export const fetchPaymentDetails = () =>
  api.get<z.infer<typeof paymentDetailsResponseSchema>>('/store/ipu', { background: true });
export const savePaymentDetails = (body: PaymentDetailsInput) =>
  api.post<z.infer<typeof paymentDetailsResponseSchema>>('/store/ipu', body);

/** Sends the browser to the provider's card form, which comes back to `returnPath` (e.g. /sv/app/subscription). */
export async function openCardForm(returnPath: string): Promise<void> {
  const { url } = await api.get<{ url: string }>('/payment/card-form', { query: { returnPath } });
  window.location.assign(url);
}

/** After a purchase call: a 3-D Secure challenge sends the browser to the card issuer's page. */
export function followPayment(state: PaymentState): PaymentState {
  if (state.status === 'requires_action' && state.redirectUrl) window.location.assign(state.redirectUrl);
  return state;
}

/** A payment's or a period's day: '27 November 2026' (the shared date format, `formatDate`). */
export function formatDay(iso: string, language: 'sv' | 'en'): string {
  return formatDate(iso, language);
}

/**
 * Handles the provider's redirects back to this page once: saves a returned card token, or syncs a payment
 * after its 3-D Secure challenge, then removes the parameters from the address. `onPayment` gets the result.
 */
export function usePaymentReturn(
  onPayment: (state: PaymentState) => void,
  /** Gets the saved card list; returns true when it showed the list's message itself (an unpaid charge). */
  onCard?: (cards: CardList) => boolean | void,
): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get('payment_method');
    const intent = params.get('payment_intent');
    if ((!token && !intent) || handled.current === location.search) return;
    handled.current = location.search;
    void (async () => {
      try {
        if (token) {
          // The answer is the new card list: put it in place (no second round trip). The page's first read of
          // the cards may still be under way, begun before this card was saved: it is cancelled, or its older,
          // empty list would land after this one and replace it.
          const cards = await api.post<CardList>('/payment/cards', { token });
          await queryClient.cancelQueries({ queryKey: cardsQueryKey });
          queryClient.setQueryData(cardsQueryKey, cards);
          // A charge the new card made at once and that did not pay is told as a problem (QA13 F2), by the
          // page where it has its place, else here.
          const shown = onCard?.(cards) === true;
          if (cards.message && !shown) (cardChargeUnpaid(cards) ? showError : showSuccess)(cards.message);
        }
        if (intent)
          onPayment(await api.post<PaymentState>(`/payment/intents/${encodeURIComponent(intent)}/sync`));
      } catch (error) {
        showError(describeError(error));
      } finally {
        void navigate(location.pathname, { replace: true });
      }
    })();
  }, [location.search, location.pathname, navigate, queryClient, onPayment, onCard]);
}
