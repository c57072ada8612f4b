import { describe, expect, test } from 'vitest';
import { VERIFICATION_FIELD_MESSAGES } from '../../shared/rules/verification.ts';
import { canCheck, ORDER_CHECK_MESSAGES, orderCheckErrors } from './orderCheck.ts';
import { cleanOrderNumber, isOrderNumber } from './orderNumber.ts';

const form = { orderNumber: '880001', month: 4, day: 12, year: 1958, zip: '85281' };

describe('the order number', () => {
  test('keeps digits only, 10 at most', () => {
    expect(cleanOrderNumber(' 880-001 ')).toBe('880001');
    expect(cleanOrderNumber('12345678901234')).toBe('1234567890');
  });
  test('is 6 to 10 digits (the address bar holds nothing else)', () => {
    expect(['880001', '1234567890'].map(isOrderNumber)).toEqual([true, true]);
    expect(['88001', '12345678901', '88a001', ''].map(isOrderNumber)).toEqual([false, false, false, false]);
  });
});

describe('the form', () => {
  test('complete: checks', () => expect(canCheck(form, '2026-11-27')).toBe(true));
  test('a short number and the link verification\'s own messages for the rest', () => {
    expect(orderCheckErrors({ ...form, orderNumber: '123', zip: '852' }, '2026-11-27')).toEqual({ orderNumber: ORDER_CHECK_MESSAGES.orderNumber, zip: VERIFICATION_FIELD_MESSAGES.zip });
  });
  test('a date of birth after today spends no attempt', () => {
    expect(canCheck({ ...form, year: 2026, month: 12, day: 1 }, '2026-11-27')).toBe(false);
  });
});
