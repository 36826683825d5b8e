import type { ProductsResponse } from '@mp/api-contract/products.schema';
import {
  HIRE_FEE_PRODUCT_CODE,
  HIRED_CONSULTANT_FEE_SEK_PER_MONTH,
  isPaidPricing,
  PREMIUM_PRICE_FROM_SEK_PER_MONTH,
} from '@mp/domain/constants';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { api } from './api-client';
import type { Language } from './language';
import { formatMoney } from './number-format';

// The prices the public texts state (the home page's pricing cards, the FAQ, the premium offer): the ones
// god/pricing has in force, as GET /products gives them to anyone. The server-rendered pages take them through
// their route's loader, so the page arrives with the amount and hydrates with the same one.

/** What the public texts state, in öre. */
export interface PublicPrices {
  /** The buyer fee per hired consultant and month: the hire fee product's price (what bills charge). */
  hireFeeOre: number;
  /** Premium's "from" price: the lowest monthly price of the paid plans (every plan but the free one). */
  premiumFromOre: number;
}

/** The spec's prices (domain constants), stated when the prices in force cannot be read. */
export const FALLBACK_PUBLIC_PRICES: PublicPrices = {
  hireFeeOre: HIRED_CONSULTANT_FEE_SEK_PER_MONTH * 100,
  premiumFromOre: PREMIUM_PRICE_FROM_SEK_PER_MONTH * 100,
};

/** The public prices in GET /products' answer; a price it lacks is the fallback's. */
export function publicPricesOf({ plans, products }: ProductsResponse): PublicPrices {
  const hireFee = products.find((product) => product.code === HIRE_FEE_PRODUCT_CODE)?.price;
  const monthly = plans.flatMap((plan) =>
    isPaidPricing('plans', plan.code) && plan.price?.interval === 'month' ? [plan.price.amountOre] : [],
  );
  return {
    hireFeeOre: hireFee?.amountOre ?? FALLBACK_PUBLIC_PRICES.hireFeeOre,
    premiumFromOre: monthly.length > 0 ? Math.min(...monthly) : FALLBACK_PUBLIC_PRICES.premiumFromOre,
  };
}

/**
 * The loader of the home and FAQ routes. A page that states a price still renders when the prices cannot be read
 * (the API down, a timeout): it states the fallback's, never an error page.
 */
export async function publicPricesLoader({ request }: LoaderFunctionArgs): Promise<PublicPrices> {
  try {
    const products = await api.get<ProductsResponse>('/products', {
      signal: request.signal,
      background: true,
    });
    return publicPricesOf(products);
  } catch {
    return FALLBACK_PUBLIC_PRICES;
  }
}

/** The amounts as a text interpolates them ('2 995 kr', 'SEK 2,995'): `{{hireFee}}`, `{{premiumFrom}}`. */
export function publicPriceTexts(prices: PublicPrices, language: Language) {
  return {
    hireFee: formatMoney(prices.hireFeeOre, language),
    premiumFrom: formatMoney(prices.premiumFromOre, language),
  };
}
