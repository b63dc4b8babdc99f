/** What the local card form checks before it sends anything, in the words Stripe's card form uses. */
export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  monthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<CardField, string>>;

/** "12/29" or "12 / 2029" → month and year; null when it does not read as a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

function luhnValid(digits: string): boolean {
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

/**
 * Every problem of the card details at once, one message per field, so a form
 * sent empty names all three. A card is good through the last day of its
 * expiry month.
 */
export function checkCardDetails(card: { number: string; expiry: string; cvc: string }, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = card.number.replace(/\D/g, '');
  if (digits.length < 12) errors.number = CARD_MESSAGES.numberIncomplete;
  else if (!luhnValid(digits)) errors.number = CARD_MESSAGES.numberInvalid;

  const date = parseExpiry(card.expiry);
  if (!date) errors.expiry = CARD_MESSAGES.expiryIncomplete;
  else if (date.month < 1 || date.month > 12) errors.expiry = CARD_MESSAGES.monthInvalid;
  else if (Date.UTC(date.year, date.month, 1) <= now.getTime()) errors.expiry = CARD_MESSAGES.expiryPast;

  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = CARD_MESSAGES.cvcIncomplete;
  return errors;
}

/** The field a server's card message is about, so it shows under that field. */
export function fieldOfMessage(message: string): CardField | undefined {
  if (/card number/i.test(message)) return 'number';
  if (/expiration/i.test(message)) return 'expiry';
  if (/security code/i.test(message)) return 'cvc';
  return undefined;
}
