import { describe, expect, it } from 'vitest';
import { CARD_FIELD_PROTOCOL, cardFieldDigits, cardFieldState, cardFieldUrl, EMPTY_CARD_FIELD, parseFieldMessage, parsePortalMessage } from './cardField.ts';

const P = CARD_FIELD_PROTOCOL;

describe('what the hosted field tells about its number', () => {
  it('says empty, short (12 digits or fewer), or long, with the brand and the check digit, never the digits', () => {
    expect(cardFieldState('')).toEqual(EMPTY_CARD_FIELD);
    expect(cardFieldState('411111111111')).toEqual({ empty: false, length: 'short', brand: null, valid: false, error: 'numberInvalid' });
    expect(cardFieldState('4111111111111111')).toEqual({ empty: false, length: 'long', brand: 1, valid: true, error: null });
    expect(cardFieldState('4111111111111112')).toEqual({ empty: false, length: 'long', brand: 1, valid: false, error: 'numberInvalid' });
    expect(cardFieldState('2221000000000009')).toMatchObject({ brand: 2, valid: true });
    expect(cardFieldState('378282246310005')).toMatchObject({ brand: 4, valid: true });
    expect(cardFieldState('6011111111111117')).toMatchObject({ brand: 3, valid: true });
    for (const state of [cardFieldState('4111111111111111'), cardFieldState('41111')]) expect(JSON.stringify(state)).not.toMatch(/\d{4}/);
  });

  it('keeps digits only, at most 16, from what is typed or pasted', () => {
    expect(cardFieldDigits('4111 1111-1111 1111 99')).toBe('4111111111111111');
    expect(cardFieldDigits('abc')).toBe('');
  });
});

describe('the protocol', () => {
  it('accepts only well-formed messages of its own from the field', () => {
    expect(parseFieldMessage({ source: P, type: 'state', state: cardFieldState('4111111111111111') })).not.toBeNull();
    expect(parseFieldMessage({ source: P, type: 'tokenized', requestId: 'r1', outcome: { ok: true } })).not.toBeNull();
    expect(parseFieldMessage({ source: P, type: 'tokenized', requestId: 'r1', outcome: { ok: false, status: 410 } })).not.toBeNull();
    expect(parseFieldMessage({ source: P, type: 'blur' })).toEqual({ source: P, type: 'blur' });
    // A field that tried to slip the number through is refused.
    expect(parseFieldMessage({ source: P, type: 'state', state: { ...cardFieldState('4111111111111111'), number: '4111111111111111' } })).toBeNull();
    expect(parseFieldMessage({ source: P, type: 'tokenized', requestId: 'r1', outcome: { ok: true, cardNumber: '4111111111111111' } })).toBeNull();
    expect(parseFieldMessage({ source: 'other', type: 'blur' })).toBeNull();
    expect(parseFieldMessage({ source: P, type: 'height', px: -1 })).toBeNull();
    expect(parseFieldMessage('blur')).toBeNull();
  });

  it('accepts only well-formed messages of its own from the portal', () => {
    const view = { label: 'Card number', note: null, error: 'Card Number is not valid', required: true, readOnly: false };
    expect(parsePortalMessage({ source: P, type: 'show', view })).toEqual({ source: P, type: 'show', view });
    expect(parsePortalMessage({ source: P, type: 'tokenize', requestId: 'r1', accessToken: 'tzs_1' })).not.toBeNull();
    expect(parsePortalMessage({ source: P, type: 'tokenize', requestId: 'r1', accessToken: '' })).toBeNull();
    expect(parsePortalMessage({ source: P, type: 'show', view: { ...view, required: 'yes' } })).toBeNull();
    expect(parsePortalMessage({ source: P, type: 'read' })).toBeNull();
  });
});

describe('the field page address', () => {
  it('is https, or http on this computer, with nothing but a path', () => {
    expect(cardFieldUrl('http://127.0.0.1:8081')?.href).toBe('http://127.0.0.1:8081/field');
    expect(cardFieldUrl('https://cards.example.org/hosted/')?.href).toBe('https://cards.example.org/hosted/field');
    expect(cardFieldUrl('http://cards.example.org')).toBeNull();
    expect(cardFieldUrl('/gwapi/tokenizer')).toBeNull();
    expect(cardFieldUrl('javascript:alert(1)')).toBeNull();
    expect(cardFieldUrl('https://user:pw@cards.example.org')).toBeNull();
  });
});
