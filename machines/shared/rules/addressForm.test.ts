import { describe, expect, test } from 'vitest';
import {
  ADDRESS_MESSAGES as M,
  addressErrors,
  addressSaveBody,
  addressSaveFailureText,
  addressValuesOf,
  isDuplicate,
  offeredAddressTypes,
  distinctPlaces,
  EMPTY_ADDRESS,
  parseUsDate,
  type AddressCheck,
  type AddressValues,
} from './addressForm.ts';

const TODAY = '2026-11-22';
const TEMPE = { city: 'Tempe', state: 'AZ', country: 'US', zipCode: '85281' };
const FILLED: AddressValues = { ...EMPTY_ADDRESS, line1: '123 Main St', zip: '85281', city: 'Tempe', state: 'AZ', addressType: 'home' };
const check = (values: Partial<AddressValues>, over: Partial<AddressCheck> = {}): AddressCheck => ({
  values: { ...FILLED, ...values },
  places: [TEMPE],
  zipProblem: null,
  today: TODAY,
  ...over,
});

describe('address form rules', () => {
  test('a complete Home address has no errors', () => {
    expect(addressErrors(check({}))).toEqual({});
  });

  test('an empty form asks for the address, the zip and the type; line 2 is optional', () => {
    expect(addressErrors({ values: EMPTY_ADDRESS, places: [], zipProblem: null, today: TODAY })).toEqual({
      line1: M.addressRequired,
      zip: M.zipRequired,
      addressType: M.typeRequired,
    });
    expect(addressErrors(check({ line1: '   ' })).line1).toBe(M.addressRequired);
  });

  test('address lines: at most 50 characters, no < or >', () => {
    expect(addressErrors(check({ line1: 'x'.repeat(50), line2: 'y'.repeat(50) }))).toEqual({});
    expect(addressErrors(check({ line1: 'x'.repeat(51) })).line1).toBe(M.lineTooLong);
    expect(addressErrors(check({ line2: 'y'.repeat(51) })).line2).toBe(M.lineTooLong);
    expect(addressErrors(check({ line1: '1 <b>Main</b>' })).line1).toBe(M.lineCharacters);
    expect(addressErrors(check({ line2: 'Apt >4' })).line2).toBe(M.lineCharacters);
  });

  test('zip: five digits, and a city and state from the lookup', () => {
    expect(addressErrors(check({ zip: '8528' })).zip).toBe(M.cityStateZip);
    expect(addressErrors(check({ city: '', state: '' }, { places: [] })).zip).toBe(M.cityStateZip);
    expect(addressErrors(check({ city: '', state: '' }, { zipProblem: { kind: 'notFound' }, places: [] })).zip).toBe(M.zipNotFound);
    // A failed lookup's text is the zip's status (zipStatus), not its error.
    expect(addressErrors(check({ city: '', state: '' }, { zipProblem: { kind: 'failed', text: 'Service down' }, places: [] })).zip).toBe(M.cityStateZip);
  });

  test('several cities for a zip: one must be picked', () => {
    const places = [TEMPE, { ...TEMPE, city: 'Guadalupe' }];
    expect(addressErrors(check({ city: '', state: '' }, { places }))).toEqual({ city: M.cityRequired });
    expect(addressErrors(check({ city: 'Guadalupe' }, { places }))).toEqual({});
  });

  test('the same city and state are offered once; places that do not fit the contract are not offered', () => {
    expect(distinctPlaces([TEMPE, { ...TEMPE }, { ...TEMPE, state: 'CA' }])).toHaveLength(2);
    expect(distinctPlaces([{ ...TEMPE, city: ' Tempe ', state: 'az' }])).toEqual([TEMPE]);
    expect(distinctPlaces([{ ...TEMPE, city: 'x'.repeat(51) }, { ...TEMPE, city: '<b>' }, { ...TEMPE, state: 'ARIZONA' }, { ...TEMPE, city: '' }])).toEqual([]);
  });

  test('dates are real month/day/year dates', () => {
    expect(parseUsDate('02/29/2028')).toBe('2028-02-29');
    expect(parseUsDate('02/29/2027')).toBeNull();
    expect(parseUsDate('04/31/2027')).toBeNull();
    expect(parseUsDate('13/01/2027')).toBeNull();
    expect(parseUsDate('1/2/2027')).toBeNull();
    expect(parseUsDate('12/01/20')).toBeNull();
    expect(parseUsDate('')).toBeNull();
  });

  describe('a Temporary address', () => {
    const temp = (startDate: string, endDate: string) => addressErrors(check({ addressType: 'temporary', startDate, endDate }));
    test('needs both dates', () => {
      expect(temp('', '')).toEqual({ startDate: M.startRequired, endDate: M.endRequired });
      expect(temp('12/01/2026', '12/31/2026')).toEqual({});
    });
    test('starts today or later', () => {
      expect(temp('11/22/2026', '11/23/2026')).toEqual({});
      expect(temp('11/21/2026', '12/31/2026')).toEqual({ startDate: M.startPast });
    });
    test('ends after it starts, and in the future', () => {
      expect(temp('12/01/2026', '12/01/2026')).toEqual({ endDate: M.endBeforeStart });
      expect(temp('12/01/2026', '11/30/2026')).toEqual({ endDate: M.endBeforeStart });
      expect(temp('99/99/9999', '11/22/2026')).toEqual({ startDate: M.dateFormat, endDate: M.endPast });
    });
    test('dates typed half-way are not dates', () => {
      expect(temp('12/0', '12/31/2026')).toEqual({ startDate: M.dateFormat });
    });
    test('Home and Work ignore the dates', () => {
      expect(addressErrors(check({ addressType: 'work', startDate: '01/01/2000' }))).toEqual({});
    });
  });

  test('the save body follows AddressSave: trimmed lines, an empty line 2 as null, the type id, dates only for Temporary', () => {
    expect(addressSaveBody({ ...FILLED, line1: ' 123 Main St ', line2: '  ', isDefault: true })).toEqual({
      isDefaultShipping: true,
      isDefaultBilling: false,
      addressType: 1,
      addressLine1: '123 Main St',
      addressLine2: null,
      city: 'Tempe',
      state: 'AZ',
      zip: '85281',
      startDate: null,
      endDate: null,
    });
    expect(addressSaveBody({ ...FILLED, addressType: 'work', startDate: '12/01/2026' })).toMatchObject({ addressType: 2, startDate: null });
    expect(addressSaveBody({ ...FILLED, addressType: 'temporary', line2: 'Apt 4', startDate: '12/01/2026', endDate: '12/31/2026' })).toMatchObject({
      addressType: 5,
      addressLine2: 'Apt 4',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });

  test("the types offered: the member flow's six (section 3, as the registration page), Easy Fill's three", () => {
    expect(offeredAddressTypes(true).map((t) => t.label)).toEqual(['Home', 'Primary Office', 'School', 'Vacation', 'Temporary', 'Alternate']);
    expect(offeredAddressTypes(true).map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 9]);
    expect(offeredAddressTypes(false).map((t) => t.label)).toEqual(['Home', 'Work', 'Temporary']);
    // An address on file keeps its type when it is edited or selected (a School address is not sent back as Home).
    const school = { addressType: { addressTypeId: 3 }, address1: '1 College Ave', city: 'TEMPE', state: 'AZ', zipCode: '85281', defaultShipping: false };
    expect(addressSaveBody(addressValuesOf(school)).addressType).toBe(3);
    expect(addressSaveBody({ ...FILLED, addressType: 'alternate' }).addressType).toBe(9);
  });

  test("a failed save shows section 8's address texts, never the gateway's own words", () => {
    expect(addressSaveFailureText({ status: 422, displayText: 'x', serverText: 'Zip code OFF: 85281 is TEMPE, AZ.' })).toBe(M.zipCodeOff);
    expect(addressSaveFailureText({ status: 409, displayText: 'x', serverText: 'Address already exists.' })).toBe('Address already exists.');
    expect(addressSaveFailureText({ status: 500, displayText: 'x', serverText: 'db down' })).toBe('Something went wrong. Try again.');
    expect(addressSaveFailureText({ status: 503, displayText: 'x', serverText: 'Address service failed' })).toBe('Something went wrong. Try again.');
    expect(addressSaveFailureText({ status: 400, displayText: 'x' })).toBe('Something went wrong. Try again.');
  });
});

describe('the review page address modal (member-transfer-flow.md section 5, "Address modal (review)")', () => {
  const others = [
    { addressId: 7, line1: '1420 E Apache Blvd', zip: '85281' },
    { addressId: 8, line1: '2 N Central Ave', zip: '85004' },
  ];
  const typed: AddressValues = { ...EMPTY_ADDRESS, line1: '1420 east apache', zip: '85281', city: 'Tempe', state: 'AZ', addressType: 'home' };
  const check = (values: AddressValues, editing: number | null = null) =>
    addressErrors({ values, places: [{ city: 'Tempe', state: 'AZ', zipCode: '85281' }], zipProblem: null, today: '2026-11-24', review: { others, editing } });

  test("the same zip and the same first word of the street is 'Address already exists.', except for the address being edited", () => {
    expect(isDuplicate(typed, others, null)).toBe(true);
    expect(check(typed).line1).toBe('Address already exists.');
    expect(check(typed, 7).line1).toBeUndefined();
    expect(check({ ...typed, line1: '99 E Apache Blvd' }).line1).toBeUndefined();
    expect(check({ ...typed, zip: '85282' }).line1).toBeUndefined();
    // Easy Fill's form has no such rule.
    expect(addressErrors({ values: typed, places: [], zipProblem: null, today: '2026-11-24' }).line1).toBeUndefined();
  });

  test("a Temporary address without its dates says 'Start Date and End date are required.'", () => {
    const temporary = { ...typed, line1: '5 Mill Ave', addressType: 'temporary' as const };
    expect(check(temporary)).toMatchObject({ startDate: 'Start Date and End date are required.', endDate: 'Start Date and End date are required.' });
    expect(check({ ...temporary, startDate: '11/20/2026', endDate: '12/01/2026' }).startDate).toBe('Start date can either be current date or future date.');
  });

  test('an address on file becomes the form\'s values (dates as MM/DD/YYYY)', () => {
    expect(
      addressValuesOf({ addressType: { addressTypeId: 5 }, address1: '5 MILL AVE', address2: null, city: 'TEMPE', state: 'AZ', zipCode: '85281', startDate: '2026-12-01', endDate: '2027-01-15', defaultShipping: false }),
    ).toEqual({ line1: '5 MILL AVE', line2: '', zip: '85281', city: 'TEMPE', state: 'AZ', addressType: 'temporary', startDate: '12/01/2026', endDate: '01/15/2027', isDefault: false });
  });
});
