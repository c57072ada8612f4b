import { describe, expect, test } from 'vitest';
import { MONTHS } from './display.ts';
import { autoSelect, canVerify, cleanZip, dateOfBirth, DAY_OPTIONS, dayIn, EMPTY_FORM, formWith, matchMonth, onlyMatch, optionsMatching, VERIFICATION_FIELD_MESSAGES as M, verificationErrors } from './verification.ts';
import { BIRTH_DATE_MESSAGES, birthDateProblem, birthYearIn, typedYear, yearOptions } from './birthDate.ts';

const TODAY = '2026-11-27';

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
  test('a month is offered when any part of its name was typed, case and spaces ignored', () => {
    expect(optionsMatching(MONTHS, 'mar', 'contains')).toEqual(['March']);
    expect(optionsMatching(MONTHS, ' MA ', 'contains')).toEqual(['March', 'May']);
    expect(optionsMatching(MONTHS, 'ber', 'contains')).toEqual(['September', 'October', 'November', 'December']);
    expect(optionsMatching(MONTHS, 'uary', 'contains')).toEqual(['January', 'February']);
    expect(optionsMatching(MONTHS, 'xyz', 'contains')).toEqual([]);
  });
  test('a day or year is offered when it starts with what was typed', () => {
    expect(optionsMatching(DAY_OPTIONS, '1', 'prefix')).toEqual(['1', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(optionsMatching(DAY_OPTIONS, '12', 'prefix')).toEqual(['12']);
    expect(optionsMatching(DAY_OPTIONS, '3', 'prefix')).toEqual(['3', '30', '31']);
    expect(optionsMatching(DAY_OPTIONS, '05', 'prefix')).toEqual([]);
    expect(optionsMatching(DAY_OPTIONS, '2', 'contains')).toContain('12'); // the mode decides, not the list
    expect(optionsMatching(yearOptions(2026), '1960', 'prefix')).toEqual(['1960']);
    expect(optionsMatching(yearOptions(2026), '196', 'prefix')).toEqual(['1969', '1968', '1967', '1966', '1965', '1964', '1963', '1962', '1961', '1960']);
    expect(optionsMatching(yearOptions(2026), '1905', 'prefix')).toEqual([]); // before 2026 - 120
  });
  test('nothing typed offers every option and matches none of them', () => {
    expect(optionsMatching(MONTHS, '', 'contains')).toEqual([...MONTHS]);
    expect(optionsMatching(DAY_OPTIONS, '  ', 'prefix')).toHaveLength(31);
    expect(onlyMatch(['May'], '', 'contains')).toBeNull();
    expect(onlyMatch(['May'], ' ', 'prefix')).toBeNull();
  });
  test('the one match is the option a typeahead completes to, and what the machines take the text to mean', () => {
    expect(onlyMatch(MONTHS, 'mar', 'contains')).toBe('March');
    expect(onlyMatch(MONTHS, 'MARCH', 'contains')).toBe('March');
    expect(onlyMatch(MONTHS, 'ju', 'contains')).toBeNull();
    expect(onlyMatch(DAY_OPTIONS, ' 12 ', 'prefix')).toBe('12');
    // What a field completes to means to the machine what the typed text meant.
    for (const typed of ['mar', 'apr', 'dec', 'ja', 'ust']) expect(matchMonth(onlyMatch(MONTHS, typed, 'contains')!)).toBe(matchMonth(typed));
    for (const [i, name] of MONTHS.entries()) expect(matchMonth(name)).toBe(i + 1);
  });
  test('zip keeps five digits; verify needs all four fields and a full zip', () => {
    expect(cleanZip('85 28-1x9')).toBe('85281');
    const form = { month: 4, day: 12, year: 1958, zip: '8528' };
    expect(canVerify(EMPTY_FORM, TODAY)).toBe(false);
    expect(canVerify(form, TODAY)).toBe(false);
    expect(canVerify({ ...form, zip: '85281' }, TODAY)).toBe(true);
    expect(canVerify({ ...form, zip: '85281', day: null }, TODAY)).toBe(false);
  });
  test('each field that keeps the form from verifying says what it needs', () => {
    expect(verificationErrors(EMPTY_FORM, TODAY)).toEqual({ month: M.month, day: M.day, year: M.year, zip: M.zip });
    expect(verificationErrors({ month: 4, day: 12, year: 1958, zip: '85281' }, TODAY)).toEqual({});
    expect(verificationErrors({ month: 2, day: 30, year: 1958, zip: '85281' }, TODAY)).toEqual({ day: M.noSuchDay });
    expect(verificationErrors({ month: 2, day: 29, year: 1958, zip: '85281' }, TODAY)).toEqual({ day: M.noSuchDay });
    expect(verificationErrors({ month: 2, day: 29, year: 1960, zip: '85281' }, TODAY)).toEqual({});
    expect(verificationErrors({ month: 4, day: 31, year: null, zip: '8528' }, TODAY)).toEqual({ day: M.noSuchDay, year: M.year, zip: M.zip });
    expect(canVerify({ month: 4, day: 31, year: 1958, zip: '85281' }, TODAY)).toBe(false);
    expect([typedYear('1958'), typedYear(' 1958 '), typedYear('195'), typedYear('19580'), typedYear('abcd')]).toEqual([1958, 1958, null, null, null]);
  });

  test('a date of birth after today or before the years offered is refused before any attempt is spent', () => {
    const form = { month: 4, day: 12, year: 1958, zip: '85281' };
    expect(verificationErrors({ ...form, year: 2031 }, TODAY)).toEqual({ year: BIRTH_DATE_MESSAGES.future });
    expect(verificationErrors({ ...form, year: 2026, month: 12, day: 1 }, TODAY)).toEqual({ year: BIRTH_DATE_MESSAGES.future });
    expect(verificationErrors({ ...form, year: 2026, month: 11, day: 27 }, TODAY)).toEqual({});
    expect(verificationErrors({ ...form, year: 1899 }, TODAY)).toEqual({ year: 'Enter a year from 1906 to 2026.' });
    expect(canVerify({ ...form, year: 2031 }, TODAY)).toBe(false);
  });
  test('the one date-of-birth rule: this year back 120, never before 1900; 19xx or 20xx', () => {
    expect(yearOptions(2026)).toHaveLength(121);
    expect(yearOptions(2026).at(-1)).toBe('1906');
    expect(yearOptions(2010).at(-1)).toBe('1900');
    expect([birthYearIn('1958', 2026), birthYearIn('2027', 2026), birthYearIn('1905', 2026), birthYearIn('0958', 2026), birthYearIn('195', 2026)]).toEqual([1958, null, null, null, null]);
    expect(birthDateProblem({ year: 1958, month: null, day: null }, TODAY)).toBeNull();
    expect(birthDateProblem({ year: 2026, month: 11, day: 28 }, TODAY)).toBe(BIRTH_DATE_MESSAGES.future);
  });

  test('dateOfBirth is year-month-day', () => {
    expect(dateOfBirth({ month: 4, day: 2, year: 1958, zip: '85281' })).toBe('1958-04-02');
  });
});

describe('formWith: one reading of the typed date of birth and zip, for every form that asks them', () => {
  test('each field as the link page reads it', () => {
    let form = formWith(EMPTY_FORM, 'month', 'apr');
    form = formWith(form, 'day', '12');
    form = formWith(form, 'year', '1958');
    form = formWith(form, 'zip', '85281-1234');
    expect(form).toEqual({ month: 4, day: 12, year: 1958, zip: '85281' });
  });
  test('what cannot be a day or a year yet is nothing', () => {
    expect(formWith(EMPTY_FORM, 'day', '32').day).toBeNull();
    expect(formWith(EMPTY_FORM, 'day', '012').day).toBeNull();
    expect(formWith(EMPTY_FORM, 'year', '195').year).toBeNull();
    expect(dayIn(' 7 ')).toBe(7);
  });
});
