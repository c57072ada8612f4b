import { describe, expect, test } from 'vitest';
import { autoSelect, canVerify, cleanZip, dateOfBirth, DAY_OPTIONS, EMPTY_FORM, matchMonth, yearOptions } from './verification.ts';

describe('verification form rules', () => {
  test('a month matches by partial, case-normalised name only when exactly one fits', () => {
    expect(matchMonth('apr')).toBe(4);
    expect(matchMonth('  DECEMBER ')).toBe(12);
    expect(matchMonth('ju')).toBeNull(); // June, July
    expect(matchMonth('ber')).toBeNull(); // September ... December
    expect(matchMonth('')).toBeNull();
    expect(matchMonth('xyz')).toBeNull();
  });
  test('day and year typeaheads pick the one option left', () => {
    expect(autoSelect(DAY_OPTIONS, '4')).toBe('4');
    expect(autoSelect(DAY_OPTIONS, '1')).toBeNull(); // 1, 10-19
    expect(autoSelect(DAY_OPTIONS, '31')).toBe('31');
    expect(autoSelect(yearOptions(2026), '195')).toBeNull();
    expect(autoSelect(yearOptions(2026), '1958')).toBe('1958');
    expect(yearOptions(2026)[0]).toBe('2026');
  });
  test('zip keeps five digits; verify needs all four fields and a full zip', () => {
    expect(cleanZip('85 28-1x9')).toBe('85281');
    const form = { month: 4, day: 12, year: 1958, zip: '8528' };
    expect(canVerify(EMPTY_FORM)).toBe(false);
    expect(canVerify(form)).toBe(false);
    expect(canVerify({ ...form, zip: '85281' })).toBe(true);
    expect(canVerify({ ...form, zip: '85281', day: null })).toBe(false);
  });
  test('dateOfBirth is year-month-day', () => {
    expect(dateOfBirth({ month: 4, day: 2, year: 1958, zip: '85281' })).toBe('1958-04-02');
  });
});
