import { describe, expect, test } from 'vitest';
import { formatMasked } from './masks.ts';

describe('input masks', () => {
  test('zip keeps five digits', () => {
    expect(formatMasked('zip', '85 0a12-3456')).toBe('85012');
  });
  test('phone groups ten digits and drops a pasted country code', () => {
    expect(formatMasked('phone', '555')).toBe('555');
    expect(formatMasked('phone', '55501')).toBe('(555) 01');
    expect(formatMasked('phone', '5550100123')).toBe('(555) 010-0123');
    expect(formatMasked('phone', '+1 (555) 010-0123')).toBe('(555) 010-0123');
  });
  test('date groups month, day and year', () => {
    expect(formatMasked('date', '0')).toBe('0');
    expect(formatMasked('date', '031')).toBe('03/1');
    expect(formatMasked('date', '03151980')).toBe('03/15/1980');
    expect(formatMasked('date', '03/15/19801')).toBe('03/15/1980');
  });
});
