import { PRICE_MAX_SEK } from '@mp/domain/constants';

/** Why a typed price was refused (each has its message under `pricing.amountProblem`). */
export type PriceProblem = 'invalid' | 'decimals' | 'tooHigh' | 'required' | 'notPositive';

export type ParsedPrice = { ok: true; amountOre: number | undefined } | { ok: false; problem: PriceProblem };

// Kronor as a Swedish or an English admin types them: digits, optionally grouped in threes by a space (also the
// no-break spaces that copying a formatted price brings along), then a decimal comma or point and öre. A
// point or comma is never read as digit grouping ('1.000' or '1,000' is refused for its three decimals, not
// taken as a thousand), and nothing else is guessed at: Number() took '0x10' for 16 and '1e3' for 1000.
const AMOUNT = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?$/;

/**
 * A price typed in kronor, in öre: '1 000' and '1000' are 100000, '99,5' and '99.50' are 9950. Empty keeps the
 * price in force (`amountOre` undefined); anything but digits, more than two decimals, or more than the cap
 * (`PRICE_MAX_SEK`) is refused with the reason.
 */
export function parsePriceInput(text: string): ParsedPrice {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, amountOre: undefined };
  const match = AMOUNT.exec(trimmed);
  if (!match) return { ok: false, problem: 'invalid' };
  const [, kronor = '', ore = ''] = match;
  if (ore.length > 2) return { ok: false, problem: 'decimals' };
  const amountOre = Number(kronor.replace(/\D/g, '')) * 100 + Number(ore.padEnd(2, '0'));
  if (amountOre > PRICE_MAX_SEK * 100) return { ok: false, problem: 'tooHigh' };
  return { ok: true, amountOre };
}

/**
 * A price typed for a plan or product of god/pricing, as the save button takes it: {@link parsePriceInput}, and
 * a paid one (every one but the free plan) is refused at 0 kr, as the API refuses it. An empty field is refused
 * when a price is in force (there is no removing it); a plan without one (Custom: by agreement) may stay empty.
 */
export function checkPriceInput(text: string, item: { paid: boolean; hasPrice: boolean }): ParsedPrice {
  const parsed = parsePriceInput(text);
  if (!parsed.ok) return parsed;
  if (parsed.amountOre === undefined) return item.hasPrice ? { ok: false, problem: 'required' } : parsed;
  if (parsed.amountOre <= 0 && item.paid) return { ok: false, problem: 'notPositive' };
  return parsed;
}
