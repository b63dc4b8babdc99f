import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCardDetails, fieldOfMessage, parseExpiry } from './card-details';

const NOW = new Date('2026-11-25T09:00:00Z');

describe('checkCardDetails', () => {
  it('names every missing field of a form sent empty', () => {
    expect(checkCardDetails({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      number: CARD_MESSAGES.numberIncomplete,
      expiry: CARD_MESSAGES.expiryIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
  });

  it('says an expired date is expired, and a card is good through its expiry month', () => {
    const card = { number: '4242 4242 4242 4242', cvc: '123' };
    expect(checkCardDetails({ ...card, expiry: '01/20' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expiryPast });
    expect(checkCardDetails({ ...card, expiry: '10 / 2026' }, NOW)).toEqual({ expiry: CARD_MESSAGES.expiryPast });
    expect(checkCardDetails({ ...card, expiry: '11/26' }, NOW)).toEqual({});
    expect(checkCardDetails({ ...card, expiry: '13/30' }, NOW)).toEqual({ expiry: CARD_MESSAGES.monthInvalid });
  });

  it('tells a mistyped card number from an incomplete one', () => {
    expect(checkCardDetails({ number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, NOW)).toEqual({
      number: CARD_MESSAGES.numberInvalid,
    });
    expect(checkCardDetails({ number: '4242', expiry: '12/30', cvc: '12' }, NOW)).toEqual({
      number: CARD_MESSAGES.numberIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
  });

  it('reads MM/YY and MM / YYYY, and places server messages on their field', () => {
    expect(parseExpiry('12 / 2029')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('1/29')).toEqual({ month: 1, year: 2029 });
    expect(parseExpiry('1229')).toBeNull();
    expect(fieldOfMessage("Your card's expiration date is in the past.")).toBe('expiry');
    expect(fieldOfMessage('Your card was declined.')).toBeUndefined();
  });
});
