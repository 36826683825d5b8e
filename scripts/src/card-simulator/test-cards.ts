// The simulator's test cards, with the numbers and behaviour of the provider whose API it models (Stripe's
// documented test cards), so a developer's habits carry over. Any future expiry and any 3-digit CVC work.

/** What a card does when charged. */
export type CardBehaviour =
  /** Every charge succeeds. */
  | 'succeed'
  /** Every charge is declined (generic decline). */
  | 'decline'
  /** Every charge is declined for insufficient funds. */
  | 'insufficient_funds'
  /** Every charge is declined: the card has expired (the issuer's word, whatever expiry was typed). */
  | 'expired_card'
  /** Every charge is declined: the security code does not match the issuer's. */
  | 'incorrect_cvc'
  /** Every charge fails with a processing error (a temporary fault; trying again may work). */
  | 'processing_error'
  /** The card can be saved, but every charge is declined (a card that stops working after sign-up). */
  | 'decline_after_attach'
  /** A charge with the customer present needs a 3-D Secure challenge; off-session charges then succeed. */
  | 'three_d_secure';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard';
  behaviour: CardBehaviour;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeed' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeed' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'decline' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient_funds' },
  { number: '4000000000000069', brand: 'visa', behaviour: 'expired_card' },
  { number: '4000000000000127', brand: 'visa', behaviour: 'incorrect_cvc' },
  { number: '4000000000000119', brand: 'visa', behaviour: 'processing_error' },
  { number: '4000000000000341', brand: 'visa', behaviour: 'decline_after_attach' },
  { number: '4000002500003155', brand: 'visa', behaviour: 'three_d_secure' },
];

/** A CVC the tests type; none of them may ever show up in our logs or tables. */
export const TEST_CVC = '737';

/** Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** A known test card's behaviour; other valid numbers behave like the success card. */
export function describeCard(digits: string): { brand: string; behaviour: CardBehaviour } {
  const known = TEST_CARDS.find((c) => c.number === digits);
  if (known) return known;
  return {
    brand: digits.startsWith('5') ? 'mastercard' : digits.startsWith('4') ? 'visa' : 'unknown',
    behaviour: 'succeed',
  };
}
