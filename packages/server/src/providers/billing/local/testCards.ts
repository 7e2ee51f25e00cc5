/*
 * The local provider takes the payment provider's well-known test numbers, as its test mode does:
 * a number decides whether the card is added and whether charges to it succeed. Any other number is
 * refused the way a test mode refuses a real card, so a real card number is never kept or charged.
 */

export interface TestCard {
  brand: string;
  /** Adding the card fails with this message. */
  setupDecline?: string;
  /** The card is added, but charges to it fail with this message. */
  chargeDecline?: string;
}

const DECLINED = 'Your card was declined.';

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '2223003122003222': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '6011111111111117': { brand: 'discover' },
  '4000000000000002': { brand: 'visa', setupDecline: DECLINED },
  '4000000000009995': { brand: 'visa', setupDecline: 'Your card has insufficient funds.' },
  '4000000000000069': { brand: 'visa', setupDecline: 'Your card has expired.' },
  '4000000000000127': { brand: 'visa', setupDecline: "Your card's security code is incorrect." },
  // Attaches, then every charge is declined (to try a failed payment).
  '4000000000000341': { brand: 'visa', chargeDecline: DECLINED },
};

/** Stripe's test bank account: routing 110000000 with 000123456789 succeeds; 000111111116 fails charges. */
export const TEST_BANK = { routingNumber: '110000000', bankName: 'STRIPE TEST BANK', failingAccount: '000111111116' };

export const CARD_MESSAGES = {
  incomplete: 'Your card number is incomplete.',
  invalid: 'Your card number is invalid.',
  notTestCard: 'Your card was declined. Only test card numbers are accepted here.',
  expired: "Your card's expiration date is in the past.",
  badMonth: "Your card's expiration month is invalid.",
  badCvc: "Your card's security code is incomplete.",
  badRouting: 'Routing number must be a test routing number (110000000).',
};

/** The Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Checks a card as the provider's form would; answers the refusal message, or the test card. */
export function checkCard(card: CardInput, now: Date): { card: TestCard } | { error: string } {
  if (!/^\d+$/.test(card.number) || card.number.length < 13) return { error: CARD_MESSAGES.incomplete };
  if (!luhnValid(card.number)) return { error: CARD_MESSAGES.invalid };
  if (!(card.expMonth >= 1 && card.expMonth <= 12)) return { error: CARD_MESSAGES.badMonth };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) return { error: CARD_MESSAGES.expired };
  const brandCvc = card.number.startsWith('3') ? 4 : 3;
  if (!new RegExp(`^\\d{${brandCvc}}$`).test(card.cvc)) return { error: CARD_MESSAGES.badCvc };
  const test = TEST_CARDS[card.number];
  if (!test) return { error: CARD_MESSAGES.notTestCard };
  if (test.setupDecline) return { error: test.setupDecline };
  return { card: test };
}
