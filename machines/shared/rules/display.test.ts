import { describe, expect, test } from 'vitest';
import { addressLine, cardLabel, drugLabel, easyFillHeading, formatCopay, titleCase } from './display.ts';
import { addressTypeLabel, longDate, monthDayYear } from '../../link/rules/dates.ts';

const type = (addressTypeDesc: string) => ({ addressTypeId: 1, addressTypeDesc });

describe('link flow display rules', () => {
  test('copay: two decimals with thousands separators, else Not Available', () => {
    expect(formatCopay(1250)).toBe('$1,250.00');
    expect(formatCopay(12.5)).toBe('$12.50');
    expect(formatCopay('1234567.891')).toBe('$1,234,567.89');
    expect(formatCopay('$3')).toBe('$3.00');
    expect(formatCopay(0)).toBe('$0.00');
    expect(formatCopay(null)).toBe('Not Available');
    expect(formatCopay(undefined)).toBe('Not Available');
    expect(formatCopay('')).toBe('Not Available');
    expect(formatCopay('n/a')).toBe('Not Available');
  });

  test('address types: PRIMARY OFFICE is WORK, TEMPORARY is TEMP with month/day/year dates', () => {
    expect(addressTypeLabel({ addressType: type('PRIMARY OFFICE'), startDate: null, endDate: null })).toBe('WORK');
    expect(addressTypeLabel({ addressType: type('Temporary'), startDate: '2026-12-01', endDate: '2027-01-15' })).toBe('TEMP 12/01/2026 - 01/15/2027');
    expect(addressTypeLabel({ addressType: type('TEMPORARY'), startDate: null, endDate: null })).toBe('TEMP');
    expect(addressTypeLabel({ addressType: type('HOME'), startDate: null, endDate: null })).toBe('HOME');
  });

  test('dates through Temporal', () => {
    expect(monthDayYear('2026-02-03T00:00:00Z')).toBe('02/03/2026');
    expect(longDate('2026-12-13')).toBe('December 13, 2026');
    expect(() => longDate('2026-13-01')).toThrow();
  });

  test('title case, address line, card and drug labels, heading', () => {
    expect(titleCase('MASTERCARD')).toBe('Mastercard');
    expect(titleCase("O'NEIL ST-APT")).toBe("O'Neil St-Apt");
    expect(addressLine({ address1: '123 MAIN ST', address2: 'APT 4', city: 'TEMPE', state: 'az', zipCode: '85281' })).toBe('123 Main St Apt 4, Tempe, AZ 85281');
    expect(addressLine({ address1: '9 ELM RD' })).toBe('9 Elm Rd');
    expect(cardLabel({ cardType: 'VISA', cardNumber: '1111' })).toBe('Visa ending 1111');
    expect(cardLabel({ cardType: '', cardTypeDesc: 'AMERICAN EXPRESS', cardNumber: '0005' })).toBe('American Express ending 0005');
    expect(drugLabel({ dispensedMedName: 'ROSUVASTATIN', strength: '10 MG', dosageForm: 'TABLET' })).toBe('ROSUVASTATIN 10 MG TABLET');
    expect(drugLabel({ dispensedMedName: 'ROSUVASTATIN', strength: null, dosageForm: null })).toBe('ROSUVASTATIN');
    expect(easyFillHeading('REFILL')).toBe('Easy refill');
    expect(easyFillHeading('NewRx')).toBe('Easy new prescription');
  });
});
