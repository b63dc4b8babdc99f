/**
 * How the local provider answers a card, after Stripe's test mode
 * (https://docs.stripe.com/testing): its test numbers behave as they do there,
 * and any other well-formed number is declined as a real card used in test mode.
 */
export type CardCheck =
  | { ok: true; brand: string; last4: string; failsRenewal: boolean }
  | { ok: false; kind: 'malformed' | 'declined'; message: string };

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

/** Test cards that set up fine; 4000 0000 0000 0341 attaches but every later charge fails. */
const SUCCEEDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
  '4000000000000341',
]);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export function checkCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now = new Date(),
): CardCheck {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return { ok: false, kind: 'malformed', message: 'Your card number is incomplete.' };
  if (!luhnValid(digits)) return { ok: false, kind: 'malformed', message: 'Your card number is invalid.' };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, kind: 'malformed', message: "Your card's expiration month is invalid." };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year < 2000 || year > now.getUTCFullYear() + 50)
    return { ok: false, kind: 'malformed', message: "Your card's expiration year is invalid." };
  // A card is good through the last day of its expiry month.
  if (Date.UTC(year, card.expMonth, 1) <= now.getTime())
    return { ok: false, kind: 'malformed', message: "Your card's expiration date is in the past." };
  const brand = cardBrand(digits);
  if (!new RegExp(brand === 'amex' ? '^\\d{4}$' : '^\\d{3}$').test(card.cvc))
    return { ok: false, kind: 'malformed', message: "Your card's security code is incomplete." };
  const decline = DECLINES[digits];
  if (decline) return { ok: false, kind: 'declined', message: decline };
  if (!SUCCEEDS.has(digits))
    return {
      ok: false,
      kind: 'declined',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    };
  return { ok: true, brand, last4: digits.slice(-4), failsRenewal: digits === '4000000000000341' };
}
