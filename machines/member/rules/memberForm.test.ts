import { describe, expect, test } from 'vitest';
import { BIRTH_DATE_MESSAGES } from '../../shared/rules/birthDate.ts';
import { allErrors, cleanField, EMPTY_MEMBER_FORM, fieldError, hasErrors, MEMBER_FORM_MESSAGES as M, memberIdentity, type MemberForm } from './memberForm.ts';

const maria: MemberForm = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', month: 'Apr', day: '12', year: '1958' };
const THIS_YEAR = '2026-11-27';

describe('member information rules', () => {
  test('the member number loses all whitespace as it is typed and stops at 20 characters', () => {
    expect(cleanField('memberNumber', ' MMA 1000 01 ')).toBe('MMA100001');
    expect(cleanField('memberNumber', 'A'.repeat(25))).toHaveLength(20);
  });
  test('names lose leading whitespace as typed, stop at 50, and are trimmed on submit', () => {
    expect(cleanField('firstName', '  Maria ')).toBe('Maria ');
    expect(cleanField('lastName', 'L'.repeat(60))).toHaveLength(50);
    expect(memberIdentity({ ...maria, firstName: 'Maria ' }).firstName).toBe('Maria');
  });
  test('each field has its required and format messages', () => {
    const errors = allErrors(EMPTY_MEMBER_FORM, THIS_YEAR);
    expect(errors).toEqual({ memberNumber: M.memberNumberRequired, firstName: M.firstNameRequired, lastName: M.lastNameRequired, month: M.month, day: M.day, year: M.year });
    expect(fieldError('memberNumber', { ...maria, memberNumber: 'MMA-1' }, THIS_YEAR)).toBe(M.memberNumberInvalid);
    expect(fieldError('firstName', { ...maria, firstName: 'Ma$ria' }, THIS_YEAR)).toBe(M.firstNameInvalid);
    expect(fieldError('lastName', { ...maria, lastName: "O'Neil" }, THIS_YEAR)).toBe(M.lastNameInvalid);
    expect(fieldError('firstName', { ...maria, firstName: 'Mary-Ann 2' }, THIS_YEAR)).toBeNull();
  });
  test('the month takes a partial name that fits one month only', () => {
    expect(fieldError('month', { ...maria, month: 'ju' }, THIS_YEAR)).toBe(M.month);
    expect(fieldError('month', { ...maria, month: 'jul' }, THIS_YEAR)).toBeNull();
  });
  test('years are this year back 120, 19xx or 20xx; the day must exist in that month', () => {
    expect(fieldError('year', { ...maria, year: '1906' }, THIS_YEAR)).toBeNull();
    expect(fieldError('year', { ...maria, year: '1906' }, '2030-01-01')).toBe(M.year);
    expect(fieldError('year', { ...maria, year: '2027' }, THIS_YEAR)).toBe(M.year);
    expect(fieldError('year', { ...maria, year: '58' }, THIS_YEAR)).toBe(M.year);
    expect(fieldError('day', { ...maria, month: 'April', day: '31' }, THIS_YEAR)).toBe(M.day);
    expect(fieldError('day', { ...maria, month: 'Feb', day: '29', year: '1960' }, THIS_YEAR)).toBeNull();
    expect(fieldError('day', { ...maria, month: 'Feb', day: '29', year: '1958' }, THIS_YEAR)).toBe(M.day);
    // Not after today (the one date-of-birth rule of both flows): a later day this year, a later year.
    expect(fieldError('year', { ...maria, month: 'December', day: '1', year: '2026' }, THIS_YEAR)).toBe(BIRTH_DATE_MESSAGES.future);
    expect(fieldError('year', { ...maria, month: 'November', day: '27', year: '2026' }, THIS_YEAR)).toBeNull();
    expect(hasErrors(allErrors({ ...maria, month: 'December', day: '1', year: '2026' }, THIS_YEAR))).toBe(true);
  });
  test('a complete form has no errors and gives the identity with birthDate year-month-day', () => {
    expect(hasErrors(allErrors(maria, THIS_YEAR))).toBe(false);
    expect(memberIdentity(maria)).toEqual({ memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' });
  });
});
