import { describe, expect, test } from 'vitest';
import {
  CARD_MESSAGES as M,
  cardErrors,
  cardSaveBody,
  EMPTY_CARD,
  expiryYears,
  type CardCheck,
  type CardValues,
} from './cardForm.ts';
import { cardFieldState, EMPTY_CARD_FIELD } from './cardField.ts';
import { cleanCardNumber, validCardType } from './cardNumber.ts';

const TODAY = '2026-11-22';
const FILLED: CardValues = { ...EMPTY_CARD, firstName: 'Maria', lastName: 'Lopez', month: 12, year: 2030 };
/** The form with these values, the hosted field holding `digits`. */
const check = (values: Partial<CardValues>, numberHeld = false, digits = '4111111111111111'): CardCheck => ({
  values: { ...FILLED, ...values },
  number: cardFieldState(digits),
  numberHeld,
  today: TODAY,
});

describe('card form rules', () => {
  test('a complete card has no errors; a new card is the default unless unticked', () => {
    expect(cardErrors(check({}))).toEqual({});
    expect(EMPTY_CARD.isDefault).toBe(true);
  });

  test('an empty form asks for every field with the specification messages', () => {
    expect(cardErrors({ values: EMPTY_CARD, number: EMPTY_CARD_FIELD, numberHeld: false, today: TODAY })).toEqual({
      firstName: M.firstRequired,
      lastName: M.lastRequired,
      cardNumber: M.numberRequired,
      month: M.monthRequired,
      year: M.yearRequired,
    });
  });

  test('names: 2 to 60 letters, digits, hyphens or spaces', () => {
    expect(cardErrors(check({ firstName: 'Jo', lastName: 'Smith-Jones 2' }))).toEqual({});
    expect(cardErrors(check({ firstName: '  ' })).firstName).toBe(M.firstRequired);
    expect(cardErrors(check({ firstName: 'J' })).firstName).toBe(M.nameShort);
    expect(cardErrors(check({ lastName: 'x'.repeat(61) })).lastName).toBe(M.nameLong);
    expect(cardErrors(check({ lastName: "O'Brien" })).lastName).toBe(M.nameCharacters);
  });

  test('the number: digits only, at most 16; a known type and the check digit', () => {
    expect(cleanCardNumber('4111 1111-1111 1111 99')).toBe('4111111111111111');
    for (const n of ['5555555555554444', '378282246310005', '6011111111111117']) expect(cardErrors(check({}, false, n))).toEqual({});
    expect(cardErrors(check({}, false, '411111111111')).cardNumber).toBe(M.numberInvalid);
    expect(cardErrors(check({}, false, '4111111111111112')).cardNumber).toBe(M.numberInvalid);
    expect(cardErrors(check({}, false, '9111111111111111')).cardNumber).toBe(M.numberInvalid);
    expect(validCardType('378282246310005')).toBe(4);
    expect(validCardType('4111111111111112')).toBeNull();
  });

  test('once the tokenizer holds the number the field may stay empty, but not hold a wrong one', () => {
    expect(cardErrors(check({}, true, ''))).toEqual({});
    expect(cardErrors(check({}, true, '4111')).cardNumber).toBe(M.numberInvalid);
  });

  test('expiry: this month or later, years this one and 10 ahead', () => {
    expect(expiryYears(TODAY)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036]);
    expect(cardErrors(check({ month: 11, year: 2026 }))).toEqual({});
    expect(cardErrors(check({ month: 10, year: 2026 }))).toEqual({ month: M.expiryInvalid });
    expect(cardErrors(check({ month: 1, year: 2025 }))).toEqual({ year: M.expiryInvalid });
    expect(cardErrors(check({ month: 1, year: 2037 }))).toEqual({ year: M.expiryInvalid });
    expect(cardErrors(check({ month: null, year: 2026 }))).toEqual({ month: M.monthRequired });
  });

  test('the save body carries the token and never the number', () => {
    const body = cardSaveBody({ ...FILLED, firstName: ' Maria ', isFsa: true, isDefault: false }, { pciToken: 'tok_abcdefgh', cardTypeNum: 6 });
    expect(body).toEqual({
      defaultCard: false,
      cardFirstName: 'Maria',
      cardLastName: 'Lopez',
      cardTypeNum: 6,
      cardMonthNum: 12,
      cardYear: 2030,
      pciToken: 'tok_abcdefgh',
      isFsaCard: true,
    });
    expect(JSON.stringify(body)).not.toContain('4111');
  });

  test("the card provider's failure text", () => {
    expect(M.provider(503)).toBe('Request failed, notify Support. (err 503)');
  });
});
