import { describe, expect, test } from 'vitest';
import { cleanPharmacyField, EMPTY_PHARMACY, pharmacyErrors, pharmacyNameError, pharmacyRecord, phoneDigits, stateOptions } from './pharmacy.ts';

describe('Add Prescription: the pharmacy section', () => {
  test('the name: required, at least 2, letters digits hyphen space, at most 100, leading spaces trimmed', () => {
    expect(pharmacyNameError('')).toBe('Enter Pharmacy Name');
    expect(pharmacyNameError('   ')).toBe('Enter Pharmacy Name');
    expect(pharmacyNameError('C')).toBe('Pharmacy Name must be at least 2 characters');
    expect(pharmacyNameError('Corner Drug #1')).toBe('special characters not allowed');
    expect(pharmacyNameError("Walgreen's")).toBe('special characters not allowed');
    expect(pharmacyNameError('CVS-Pharmacy 22')).toBeUndefined();
    expect(cleanPharmacyField('name', '   Corner Drug')).toBe('Corner Drug');
    expect(cleanPharmacyField('name', 'x'.repeat(120))).toHaveLength(100);
  });
  test('zip, address, city and phone keep to their limits', () => {
    expect(cleanPharmacyField('zip', '85 281-1234')).toBe('85281');
    expect(cleanPharmacyField('address', 'a'.repeat(60))).toHaveLength(50);
    expect(cleanPharmacyField('city', 'c'.repeat(60))).toHaveLength(50);
    expect(cleanPharmacyField('phone', '(480) 555-0199 ext 2')).toBe('(480) 555-0199');
    expect(phoneDigits('+1 (480) 555-0199')).toBe('4805550199');
  });
  test('only the name is required; what else is given must be right', () => {
    expect(pharmacyErrors(EMPTY_PHARMACY)).toEqual({ name: 'Enter Pharmacy Name' });
    expect(pharmacyErrors({ ...EMPTY_PHARMACY, name: 'Corner Drug' })).toEqual({});
    expect(
      pharmacyErrors({ name: 'Corner Drug', zip: '8528', address: '<b>1 Mill Ave', city: 'Tempe>', state: 'A', phone: '(480) 555' }),
    ).toEqual({
      zip: 'Enter a 5-digit Zip Code',
      address: 'Do not use < or > here.',
      city: 'Do not use < or > here.',
      state: 'Enter correct State',
      phone: 'Phone number must be at least 10 characters',
    });
    expect(pharmacyErrors({ name: 'Corner Drug', zip: '85281', address: '1 Mill Ave', city: 'Tempe', state: 'az', phone: '(480) 555-0199' })).toEqual({});
  });
  test('the state typeahead finds states by abbreviation, then by name', () => {
    expect(stateOptions('')).toHaveLength(59);
    expect(stateOptions('az').map((s) => s.abbreviation)).toEqual(['AZ']);
    expect(stateOptions('ar').map((s) => s.abbreviation)).toEqual(['AR', 'AZ']);
    expect(stateOptions('new').map((s) => s.abbreviation)).toEqual(['NH', 'NJ', 'NM', 'NY']);
  });
  test('the record: the name trimmed, optional fields only when given, state as its abbreviation, phone as 10 digits', () => {
    expect(pharmacyRecord({ ...EMPTY_PHARMACY, name: 'Corner Drug  ' })).toEqual({ pharmacyName: 'Corner Drug' });
    expect(pharmacyRecord({ name: 'Corner Drug', zip: '85281', address: ' 1 Mill Ave ', city: 'Tempe', state: 'az', phone: '(480) 555-0199' })).toEqual({
      pharmacyName: 'Corner Drug',
      zipCode: '85281',
      pharmacyAddress: '1 Mill Ave',
      pharmacyCity: 'Tempe',
      pharmacyState: 'AZ',
      phoneNumber: '4805550199',
    });
  });
});
