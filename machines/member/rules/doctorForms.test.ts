import { describe, expect, test } from 'vitest';
import type { Physician } from '../../contract.ts';
import {
  addErrors,
  addMissing,
  addNotYet,
  canContinueAdd,
  cityError,
  cleanDoctorField,
  doctorAddress,
  doctorAddresses,
  doctorLabel,
  doctorName,
  doctorPhone,
  EMPTY_ADD,
  EMPTY_FIND,
  enteredDoctor,
  faxError,
  findErrors,
  firstNameError,
  formatPhone,
  lastNameError,
  noErrors,
  phoneDigits,
  phoneError,
  physicianInformation,
  searchOf,
  stateError,
  streetError,
  unitError,
  withDoctor,
  zipError,
  type AddForm,
} from './doctorForms.ts';

const MARSH: Physician = {
  npi: '1457396811',
  deaNo: 'AM1234563',
  ePostDoctoNum: 20001,
  firstName: 'ELENA',
  middleName: null,
  lastName: 'MARSH',
  addresses: [
    { ePostAddressId: 11, physicianServiceAddressId: 11, streetAddress1: '2250 E Southern Ave', streetAddress2: 'Suite 4', city: 'Tempe', state: 'AZ', zipCode: '85282', phoneNumber: '4805550110', faxNumber: '4805550111' },
  ],
  addressId: 11,
  selected: false,
  selectAddressId: null,
};

const ANN_LEE: AddForm = { firstName: ' Ann ', lastName: 'Lee', street: '100 Mill Ave ', unit: '', city: 'Tempe', state: 'AZ', zip: '85281', phone: '4805550199', fax: '' };

describe('the doctor forms: names (section 5)', () => {
  test('required, at least 2, letters digits hyphen space; Find refuses a blank name', () => {
    expect(firstNameError('', 'find')).toBe('Enter First Name');
    expect(lastNameError('', 'add')).toBe('Enter Last Name');
    expect(firstNameError('   ', 'find')).toBe('Empty Whitespaces are not allowed');
    expect(lastNameError('  ', 'find')).toBe('Empty Whitespaces are not allowed');
    expect(firstNameError('   ', 'add')).toBe('Enter First Name');
    expect(firstNameError('T', 'find')).toBe('First Name must be at least 2 characters');
    expect(lastNameError(' W ', 'add')).toBe('Last Name must be at least 2 characters');
    expect(firstNameError('Dr.', 'find')).toBe('special characters not allowed');
    expect(lastNameError("O'Brien", 'add')).toBe('special characters not allowed');
    expect(firstNameError('Mary-Ann 2', 'find')).toBeNull();
    expect(lastNameError('Whitfield', 'find')).toBeNull();
  });
  test('at most 50 characters are kept, whitespace as typed', () => {
    expect(cleanDoctorField('firstName', 'x'.repeat(60))).toHaveLength(50);
    expect(cleanDoctorField('lastName', '  ')).toBe('  ');
  });
});

describe('the doctor forms: state (section 5)', () => {
  test("'Enter State' when empty, 'Enter correct State' for one letter or one not on the list", () => {
    expect(stateError('')).toBe('Enter State');
    expect(stateError('A')).toBe('Enter correct State');
    expect(stateError('XX')).toBe('Enter correct State');
    expect(stateError('AZ')).toBeNull();
    expect(stateError('GU')).toBeNull();
  });
  test('the field keeps 2 letters in capitals: typed, or the option picked', () => {
    expect(cleanDoctorField('state', 'az')).toBe('AZ');
    expect(cleanDoctorField('state', 'AZ - Arizona')).toBe('AZ');
    expect(cleanDoctorField('state', ' n1')).toBe('N');
  });
});

describe('the doctor forms: address, zip, phone and fax (section 5)', () => {
  test('street required, unit optional, city required, each at most 50, no < or >', () => {
    expect(streetError('')).toBe('Enter Street Address');
    expect(streetError('  ')).toBe('Enter Street Address');
    expect(streetError('<b>1 Mill Ave')).toBe('Do not use < or > here.');
    expect(streetError('100 Mill Ave')).toBeNull();
    expect(unitError('')).toBeNull();
    expect(unitError('Suite >4')).toBe('Do not use < or > here.');
    expect(cityError('')).toBe('Enter City Name');
    expect(cityError('Tempe')).toBeNull();
    expect(cleanDoctorField('street', 's'.repeat(60))).toHaveLength(50);
    expect(cleanDoctorField('unit', 'u'.repeat(60))).toHaveLength(50);
    expect(cleanDoctorField('city', 'c'.repeat(60))).toHaveLength(50);
  });
  test('zip required, digits only, 5', () => {
    expect(zipError('')).toBe('Enter Zip Code');
    expect(zipError('852')).toBe('Enter a 5-digit Zip Code');
    expect(zipError('85281')).toBeNull();
    expect(cleanDoctorField('zip', '85 281-1234')).toBe('85281');
  });
  test('phone required, 10 digits; fax optional, 10 digits when given; both formatted', () => {
    expect(phoneError('')).toBe('Enter Phone Number');
    expect(phoneError('(480) 555')).toBe('Phone number must be at least 10 characters');
    expect(phoneError('(480) 555-0199')).toBeNull();
    expect(faxError('')).toBeNull();
    expect(faxError('480555')).toBe('Fax number must be at least 10 characters');
    expect(faxError('480-555-0198')).toBeNull();
    expect(cleanDoctorField('phone', '+1 (480) 555-0199')).toBe('4805550199');
    expect(cleanDoctorField('fax', '480.555.0198 ext 2')).toBe('4805550198');
    expect(phoneDigits('14805550199')).toBe('4805550199');
    expect(formatPhone('4805550199')).toBe('(480) 555-0199');
    expect(formatPhone('4805550199')).toHaveLength(14);
    expect(formatPhone('4805')).toBe('(480) 5');
    expect(formatPhone('480')).toBe('480');
  });
});

describe('the two forms', () => {
  test('Find: every error of the empty form, none of a complete one', () => {
    expect(findErrors(EMPTY_FIND)).toEqual({ firstName: 'Enter First Name', lastName: 'Enter Last Name', state: 'Enter State' });
    expect(noErrors(findErrors({ firstName: 'Thomas', lastName: 'Whitfield', state: 'AZ' }))).toBe(true);
    expect(searchOf({ firstName: ' Thomas ', lastName: 'Whitfield ', state: 'AZ' })).toEqual({ firstName: 'Thomas', lastName: 'Whitfield', state: 'AZ' });
  });
  test('Add: every required error of the empty form; Continue only once every required field is filled and the state has 2 letters', () => {
    expect(addErrors(EMPTY_ADD)).toEqual({
      firstName: 'Enter First Name',
      lastName: 'Enter Last Name',
      street: 'Enter Street Address',
      unit: null,
      city: 'Enter City Name',
      state: 'Enter State',
      zip: 'Enter Zip Code',
      phone: 'Enter Phone Number',
      fax: null,
    });
    expect(canContinueAdd(EMPTY_ADD)).toBe(false);
    expect(canContinueAdd(ANN_LEE)).toBe(true);
    expect(noErrors(addErrors(ANN_LEE))).toBe(true);
    expect(canContinueAdd({ ...ANN_LEE, state: 'A' })).toBe(false);
    expect(canContinueAdd({ ...ANN_LEE, street: '   ' })).toBe(false);
    // Complete, but wrong: Continue shows the errors.
    expect(canContinueAdd({ ...ANN_LEE, phone: '480555' })).toBe(true);
    expect(addErrors({ ...ANN_LEE, phone: '480555' }).phone).toBe('Phone number must be at least 10 characters');
  });

  test('Continue names what it still waits for, in screen order: nothing once it can be pressed', () => {
    expect(addMissing(EMPTY_ADD)).toEqual(['firstName', 'lastName', 'street', 'city', 'state', 'zip', 'phone']);
    expect(addNotYet({ ...EMPTY_ADD, firstName: 'Grace', lastName: 'Liu' })).toBe('Fill in Street Address, City, State, Zip Code and Phone Number to continue.');
    expect(addNotYet({ ...ANN_LEE, phone: '' })).toBe('Fill in Phone Number to continue.');
    expect(addNotYet({ ...ANN_LEE, street: '  ', state: 'A' })).toBe('Fill in Street Address and State (2 letters) to continue.');
    // Unit and fax are optional.
    expect(addNotYet({ ...ANN_LEE, unit: '', fax: '' })).toBeNull();
    expect(addNotYet(ANN_LEE)).toBeNull();
    for (const form of [EMPTY_ADD, ANN_LEE, { ...ANN_LEE, state: 'A' }, { ...ANN_LEE, city: ' ' }]) expect(addNotYet(form) === null).toBe(canContinueAdd(form));
  });
});

describe('the doctor list', () => {
  test('one entry per doctor-address, never the same addressId twice, none without an id', () => {
    const twoAddresses: Physician = {
      ...MARSH,
      addressId: null,
      addresses: [MARSH.addresses[0]!, { ...MARSH.addresses[0]!, ePostAddressId: 12, physicianServiceAddressId: 12, streetAddress1: '1 Rio Salado Pkwy' }],
    };
    expect(doctorAddresses([twoAddresses]).map((d) => [d.addressId, d.addresses[0]!.streetAddress1])).toEqual([
      [11, '2250 E Southern Ave'],
      [12, '1 Rio Salado Pkwy'],
    ]);
    expect(doctorAddresses([{ ...twoAddresses, addressId: 12 }]).map((d) => d.addresses[0]!.ePostAddressId)).toEqual([12]);
    expect(doctorAddresses([MARSH, MARSH, { ...MARSH, addressId: 13 }]).map((d) => d.addressId)).toEqual([11, 13]);
    expect(doctorAddresses([{ ...MARSH, addressId: null, addresses: [{ ...MARSH.addresses[0]!, ePostAddressId: null, physicianServiceAddressId: null }] }])).toEqual([]);
    expect(withDoctor([MARSH], MARSH)).toHaveLength(1);
    expect(withDoctor([], MARSH)).toEqual([MARSH]);
  });
  test('as shown: name, address, phone', () => {
    expect(doctorName(MARSH)).toBe('Dr. Elena Marsh');
    expect(doctorName({ ...MARSH, firstName: 'Mary-Ann', lastName: 'McDonald' })).toBe('Dr. Mary-Ann McDonald');
    expect(doctorName({ ...MARSH, firstName: 'MARY-ANN', middleName: 'J' })).toBe('Dr. Mary-Ann J Marsh');
    expect(doctorAddress(MARSH)).toBe('2250 E Southern Ave, Suite 4, Tempe, AZ 85282');
    expect(doctorPhone(MARSH)).toBe('(480) 555-0110');
    expect(doctorPhone({ ...MARSH, addresses: [{ ...MARSH.addresses[0]!, phoneNumber: null }] })).toBeNull();
    expect(doctorLabel(MARSH)).toBe('Dr. Elena Marsh, 2250 E Southern Ave, Suite 4, Tempe, AZ 85282');
  });
});

describe('the doctor as a request sends it (PhysicianInformation)', () => {
  test("a listed doctor: its ids, the one address, phone and fax as 10 digits", () => {
    expect(physicianInformation(MARSH)).toEqual({
      npi: '1457396811',
      deaNo: 'AM1234563',
      ePostDoctoNum: 20001,
      firstName: 'ELENA',
      middleName: null,
      lastName: 'MARSH',
      addresses: [
        { ePostAddressId: 11, physicianServiceAddressId: 11, streetAddress1: '2250 E Southern Ave', streetAddress2: 'Suite 4', city: 'Tempe', state: 'AZ', zipCode: '85282', phoneNumber: '4805550110', faxNumber: '4805550111' },
      ],
      addressId: 11,
      selected: true,
      selectAddressId: 11,
    });
  });
  test('a doctor entered by hand: no npi, DEA, ePost number or ids; the entry trimmed; unit and fax only when given', () => {
    const entered = enteredDoctor({ ...ANN_LEE, state: 'az' }, -1);
    expect(entered.addressId).toBe(-1);
    expect(physicianInformation(entered)).toEqual({
      npi: null,
      deaNo: null,
      ePostDoctoNum: null,
      firstName: 'Ann',
      middleName: null,
      lastName: 'Lee',
      addresses: [
        { ePostAddressId: null, physicianServiceAddressId: null, streetAddress1: '100 Mill Ave', streetAddress2: null, city: 'Tempe', state: 'AZ', zipCode: '85281', phoneNumber: '4805550199', faxNumber: null },
      ],
      addressId: null,
      selected: true,
      selectAddressId: null,
    });
    const withUnit = physicianInformation(enteredDoctor({ ...ANN_LEE, unit: ' Suite 4 ', fax: '4805550198' }, -2));
    expect([withUnit.addresses[0]!.streetAddress2, withUnit.addresses[0]!.faxNumber]).toEqual(['Suite 4', '4805550198']);
  });
});
