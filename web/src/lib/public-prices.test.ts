import type { ProductsResponse } from '@mp/api-contract/products.schema';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';
import {
  FALLBACK_PUBLIC_PRICES,
  publicPriceTexts,
  publicPricesLoader,
  publicPricesOf,
} from './public-prices';

afterEach(() => {
  vi.restoreAllMocks();
});

const monthly = (amountOre: number) => ({ amountOre, currency: 'SEK', interval: 'month' as const });

/** GET /products as god/pricing may have priced it. */
function productsWith({ premium = 19_900, premiumPlus = 49_900, hireFee = 299_500 } = {}): ProductsResponse {
  const plan = (
    code: ProductsResponse['plans'][number]['code'],
    price: ReturnType<typeof monthly> | null,
  ) => ({
    code,
    name: code,
    supportLevel: 'mail' as const,
    features: [],
    price,
  });
  return {
    plans: [
      plan('standard', monthly(0)),
      plan('premium', monthly(premium)),
      plan('premium_plus', monthly(premiumPlus)),
      plan('custom', null),
    ],
    products: [
      {
        code: 'assessment_basic',
        name: 'Basic',
        kind: 'assessment',
        price: { ...monthly(9_900), interval: 'once' },
      },
      { code: 'hire_fee', name: 'Hire fee', kind: 'hire_fee', price: monthly(hireFee) },
    ],
  };
}

const loaderArgs = () =>
  ({
    request: new Request('http://localhost/sv/home'),
    params: { lang: 'sv' },
  }) as unknown as LoaderFunctionArgs;

describe('publicPricesOf', () => {
  it("states the hire fee product's price and the lowest monthly price of the paid plans", () => {
    expect(publicPricesOf(productsWith({ premium: 14_900, hireFee: 349_500 }))).toEqual({
      hireFeeOre: 349_500,
      premiumFromOre: 14_900,
    });
    // Premium plus cheaper than premium: 'from' is the lowest paid plan, never the free one or Custom's none.
    expect(publicPricesOf(productsWith({ premium: 59_900, premiumPlus: 24_950 })).premiumFromOre).toBe(
      24_950,
    );
  });

  it('falls back to the spec prices for a price the answer lacks', () => {
    expect(publicPricesOf({ plans: [], products: [] })).toEqual(FALLBACK_PUBLIC_PRICES);
    expect(FALLBACK_PUBLIC_PRICES).toEqual({ hireFeeOre: 299_500, premiumFromOre: 19_900 });
  });
});

describe('publicPricesLoader', () => {
  it('reads the prices in force from GET /products', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(productsWith({ premium: 14_900, hireFee: 349_500 }));
    expect(await publicPricesLoader(loaderArgs())).toEqual({ hireFeeOre: 349_500, premiumFromOre: 14_900 });
    expect(get).toHaveBeenCalledWith('/products', expect.objectContaining({ background: true }));
  });

  it('states the spec prices when the prices cannot be read, so the page still renders', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(500, 'INTERNAL', undefined, undefined, 'failed'));
    expect(await publicPricesLoader(loaderArgs())).toEqual(FALLBACK_PUBLIC_PRICES);
  });
});

describe('publicPriceTexts', () => {
  it('writes the amounts as the interface writes money', () => {
    const prices = { hireFeeOre: 349_500, premiumFromOre: 14_950 };
    expect(publicPriceTexts(prices, 'sv')).toEqual({
      hireFee: '3\u00a0495\u00a0kr',
      premiumFrom: '149,50\u00a0kr',
    });
    expect(publicPriceTexts(prices, 'en')).toEqual({
      hireFee: 'SEK\u00a03,495',
      premiumFrom: 'SEK\u00a0149.50',
    });
  });
});
