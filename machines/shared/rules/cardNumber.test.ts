import { describe, expect, it } from 'vitest';
import { CARD_TYPE, cardTypeOf, passesLuhn } from './cardNumber.ts';

describe('card type from the number', () => {
  it.each([
    ['4111111111111111', CARD_TYPE.visa],
    ['4222222222222', CARD_TYPE.visa],
    ['5555555555554444', CARD_TYPE.mastercard],
    ['2221000000000009', CARD_TYPE.mastercard],
    ['2720990000000007', CARD_TYPE.mastercard],
    ['378282246310005', CARD_TYPE.amex],
    ['341111111111111', CARD_TYPE.amex],
    ['6011111111111117', CARD_TYPE.discover],
  ])('%s is type %i', (number, type) => {
    expect(cardTypeOf(number)).toBe(type);
  });

  it.each([['41111111111111'], ['2220990000000000'], ['2721000000000000'], ['5655555555554444'], ['37828224631000'], ['601111111111111'], ['4111-1111'], ['']])(
    '%j has no type',
    (number) => {
      expect(cardTypeOf(number)).toBeNull();
    },
  );
});

describe('check digit', () => {
  it('accepts the public test numbers and refuses a changed digit', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117']) expect(passesLuhn(n)).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('411111111111')).toBe(false);
  });
});
