import { describe, expect, test } from 'vitest';
import type { EligibilityResult } from '../../contract.ts';
import { EMPTY_CARD_FIELD, cardFieldState } from '../../shared/rules/cardField.ts';
import { addressCheckable, contactErrors, EMPTY_CONTACT, EMPTY_SHIPPING, phoneDigits, phoneSave, registerPhone, shippingErrors, type ShippingValues } from './contactInfo.ts';
import { addRow, allergyInputs, canAddRow, chosen, commonOffered, conditionInputs, EMPTY_HEALTH_LIST, healthError, pickInRow, setNone, toggleCommon, typeInRow } from './healthInfo.ts';
import { keepAvailable, notificationErrors, notificationOptions, notificationSave, registerNotification, type NotificationContact } from './notifications.ts';
import {
  EMPTY_PAYMENT,
  EMPTY_PRIVACY,
  errorList,
  failureLines,
  nothingMissing,
  partBodies,
  partCalls,
  partsNeeded,
  registerPayload,
  registrationErrors,
  setSkip,
  shownCardType,
  type RegistrationValues,
} from './registration.ts';

const TODAY = '2026-11-24';
const NO_ALERTS = { missingShippingAddress: false, missingContactPhoneNumber: false, missingPaymentInfo: false, missingNotificationPrefs: false, missingHealthInfo: false };
const member = (patientId: number | null, alerts: Partial<EligibilityResult['missingAlerts']> = {}, patient: Partial<EligibilityResult['patient']> = {}, isPartD = false): EligibilityResult => ({
  patient: {
    patientId,
    firstName: 'JAMES',
    middleName: null,
    lastName: 'CARTER',
    gender: null,
    dateOfBirth: '1971-09-30',
    allowBillMeLater: false,
    coverage: { hqCode: 'HQ01', memberNumber: 'MMA100002', personCode: '01', relationshipCode: '1' },
    address: null,
    phone: null,
    email: null,
    ...patient,
  },
  registrationStatus: { isRegistered: patientId !== null, isProfileLinked: false },
  isPartD,
  missingAlerts: { ...NO_ALERTS, ...alerts },
});

const SHIPPING: ShippingValues = { ...EMPTY_SHIPPING, addressType: 1, line1: '12 Elm St', zip: '85001', city: 'PHOENIX', state: 'AZ' };
const CONTACT = { phone: '(602) 555-0123', phoneType: 8 as const, email: 'james@example.com' };
const VISA = cardFieldState('4111111111111111');
const FILLED: RegistrationValues = {
  shipping: SHIPPING,
  contact: CONTACT,
  payment: { ...EMPTY_PAYMENT, firstName: 'James', lastName: 'Carter', month: 8, year: 2030 },
  notification: { choice: 'text', timeZone: 'M' },
  allergies: setNone(EMPTY_HEALTH_LIST, true),
  conditions: toggleCommon(EMPTY_HEALTH_LIST, { ref: 12, desc: 'ASTHMA' }, true),
  privacy: { privacy: true, terms: true, acknowledge: true },
};

describe('shipping and contact', () => {
  test('each field says what it needs, with the specification words', () => {
    expect(shippingErrors(EMPTY_SHIPPING, TODAY, false)).toEqual({ addressType: 'Select address type', line1: 'Enter Shipping Address', zip: 'Enter Zip Code' });
    expect(shippingErrors({ ...SHIPPING, zip: '850', city: '', state: '' }, TODAY, false).zip).toBe('City, State and Zip Code are required.');
    expect(shippingErrors({ ...SHIPPING, addressType: 5 }, TODAY, false)).toEqual({ startDate: 'Select Start Date', endDate: 'Select End Date' });
    expect(shippingErrors({ ...SHIPPING, addressType: 5, startDate: '11/20/2026', endDate: '11/19/2026' }, TODAY, false)).toEqual({
      startDate: 'Start date can either be current date or future date.',
      endDate: 'End date must be greater than Start date.',
    });
    expect(shippingErrors({ ...SHIPPING, addressType: 5, startDate: '11/24/2026', endDate: '11/24/2026' }, TODAY, false).endDate).toBe('End date must be greater than Start date.');
    expect(shippingErrors({ ...SHIPPING, addressType: 5, startDate: '11/24/2026', endDate: '12/24/2026' }, TODAY, false)).toEqual({});
    expect(shippingErrors(SHIPPING, TODAY, false)).toEqual({});
    expect(contactErrors(EMPTY_CONTACT)).toEqual({ phone: 'Enter Phone Number', phoneType: 'Select Phone Type', email: 'Enter Email' });
    expect(contactErrors({ phone: '602555', phoneType: 1, email: 'james@' })).toEqual({ phone: 'Phone number must be at least 10 characters', email: 'invalid email address' });
  });
  test('phones: an optional leading 1, the area code in brackets or not', () => {
    for (const typed of ['6025550123', '(602) 555-0123', '1-602-555-0123', '602.555.0123', '+1 (602) 555 0123']) expect(phoneDigits(typed)).toBe('6025550123');
    for (const typed of ['602555012', '26025550123', '(602 555-0123']) expect(phoneDigits(typed)).toBeNull();
    expect(registerPhone(CONTACT)).toEqual({ phoneType: 8, phoneTypeDesc: 'Cellular Number', areaCode: '602', phoneNumber: '5550123', extension: null, isPrimary: true });
  });
  test('a phone on file is replaced (PUT), else one is added (POST)', () => {
    expect(phoneSave(CONTACT, [])).toEqual({ method: 'POST', body: { phoneType: 8, number: '6025550123', extension: null, isPrimary: true } });
    expect(phoneSave(CONTACT, [{ phoneId: 4, isPrimary: false }, { phoneId: 9, isPrimary: true }]).method).toBe('PUT');
    expect(phoneSave(CONTACT, [{ phoneId: 4, isPrimary: false }, { phoneId: 9, isPrimary: true }]).body).toMatchObject({ phoneId: 9 });
  });
  test('the address is checked only with a 5-digit zip and every field given', () => {
    expect(addressCheckable(SHIPPING)).toBe(true);
    expect(addressCheckable({ ...SHIPPING, city: '' })).toBe(false);
    expect(addressCheckable({ ...SHIPPING, zip: '8500' })).toBe(false);
  });
});

describe('notifications', () => {
  const contact: NotificationContact = { phoneValid: true, phoneType: 1, emailValid: true, isPartD: false, state: 'AZ' };
  test('text only with a Mobile phone; call with any valid phone; email with a valid email', () => {
    const options = notificationOptions(contact);
    expect(options.map((o) => [o.key, o.unavailable === null])).toEqual([['call', true], ['text', false], ['email', true], ['none', true]]);
    expect(notificationOptions({ ...contact, phoneValid: false, emailValid: false }).filter((o) => o.unavailable === null).map((o) => o.key)).toEqual(['none']);
  });
  test('None is neither offered nor accepted for Part D members and California residents', () => {
    expect(notificationOptions({ ...contact, isPartD: true }).map((o) => o.key)).toEqual(['call', 'text', 'email']);
    expect(notificationOptions({ ...contact, state: 'ca' }).map((o) => o.key)).toEqual(['call', 'text', 'email']);
    expect(notificationErrors({ choice: 'none', timeZone: null }, { ...contact, state: 'CA' }).choice).toMatch(/required for your plan or state/);
  });
  test('call and text need a time zone; a choice that becomes unavailable is dropped', () => {
    expect(notificationErrors({ choice: 'call', timeZone: null }, contact)).toEqual({ timeZone: 'Select your time zone for calls and text messages.' });
    expect(notificationErrors({ choice: 'call', timeZone: 'P' }, contact)).toEqual({});
    expect(keepAvailable({ choice: 'text', timeZone: 'P' }, contact)).toEqual({ choice: null, timeZone: null });
    expect(keepAvailable({ choice: 'email', timeZone: null }, contact)).toEqual({ choice: 'email', timeZone: null });
  });
  test('payloads: none sends modality 0 and optIn false; call and text go to the primary phone', () => {
    expect(registerNotification({ choice: 'none', timeZone: null })).toEqual({ modalityTypeId: 0, includePHI: false, optIn: false, timeZone: null });
    expect(registerNotification({ choice: 'email', timeZone: 'P' })).toEqual({ modalityTypeId: 3, includePHI: false, optIn: true, timeZone: null });
    expect(notificationSave({ choice: 'text', timeZone: 'M' }, 1003, 301)).toEqual({ patientId: 1003, modalityTypeId: 2, includePHI: false, optIn: true, timeZone: 'M', modalityValueId: 301 });
    expect(notificationSave({ choice: 'email', timeZone: null }, 1003, 301).modalityValueId).toBeNull();
  });
});

describe('health information', () => {
  const PEANUT = { ref: '00201', desc: 'PEANUT' };
  test('the common list leaves out the none entry', () => {
    expect(commonOffered('allergies', [{ ref: '00153', desc: 'NO KNOWN DRUG ALLERGY' }, PEANUT])).toEqual([PEANUT]);
    expect(commonOffered('conditions', [{ ref: 0, desc: 'NO REPORTED MEDICAL CONDITIONS' }, { ref: 12, desc: 'ASTHMA' }])).toEqual([{ ref: 12, desc: 'ASTHMA' }]);
  });
  test('None clears the rest, anything else clears None', () => {
    const some = toggleCommon(EMPTY_HEALTH_LIST, PEANUT, true);
    const none = setNone(some, true);
    expect(none).toEqual({ checked: [], rows: [], none: true });
    expect(toggleCommon(none, PEANUT, true)).toEqual({ checked: [PEANUT], rows: [], none: false });
    expect(chosen('allergies', none)).toEqual([{ ref: '00153', desc: 'NO KNOWN DRUG ALLERGY' }]);
  });
  test('one added row at a time, and only a picked suggestion counts', () => {
    const one = addRow(EMPTY_HEALTH_LIST, 1);
    expect(canAddRow(one)).toBe(false);
    expect(addRow(one, 2)).toBe(one);
    const typed = typeInRow(one, 1, 'pen');
    expect(healthError('allergies', typed)).toBe('Choose an allergy from the list.');
    const picked = pickInRow(typed, 1, { ref: '00300', desc: 'PENICILLIN' });
    expect(healthError('allergies', picked)).toBeUndefined();
    expect(canAddRow(picked)).toBe(true);
    expect(healthError('conditions', EMPTY_HEALTH_LIST)).toBe('Please select at least one health condition or select None');
    expect(healthError('allergies', EMPTY_HEALTH_LIST)).toBe('Please select at least one allergy or select None');
  });
  test('the inputs are new entries (sequence -1, status A)', () => {
    expect(allergyInputs(setNone(EMPTY_HEALTH_LIST, true))).toEqual([{ allergyRefNum: '00153', allergyDesc: 'NO KNOWN DRUG ALLERGY', allergySeqNum: -1, statusCode: 'A', selected: true }]);
    expect(conditionInputs(toggleCommon(EMPTY_HEALTH_LIST, { ref: 12, desc: 'ASTHMA' }, true), 1006)).toEqual([{ diseaseRefNum: 12, diseaseDesc: 'ASTHMA', diseaseSeqNum: -1, statusCode: 'A', patientId: 1006 }]);
  });
});

describe('the page', () => {
  test('an unregistered member gives everything; a registered one what is missing; nothing missing moves on', () => {
    expect(Object.values(partsNeeded(member(null))).every(Boolean)).toBe(true);
    expect(partsNeeded(member(1003, { missingPaymentInfo: true, missingNotificationPrefs: true }))).toEqual({ shipping: false, contact: false, payment: true, notification: true, health: false });
    expect(nothingMissing(member(1001))).toBe(true);
    expect(nothingMissing(member(null))).toBe(false);
  });
  test('every error, in screen order, the card as the one summary', () => {
    const errors = registrationErrors({ member: member(null), values: { ...FILLED, payment: EMPTY_PAYMENT, privacy: EMPTY_PRIVACY }, cardField: EMPTY_CARD_FIELD, today: TODAY, zipNotFound: false });
    expect(errorList(errors)).toEqual([
      'Error occured - Card Number and/or Card Details are missing.',
      'Please agree to the Privacy Notice.',
      'Please agree to the Terms of Use.',
      'Please tick the acknowledgement.',
    ]);
    expect(errorList(registrationErrors({ member: member(null), values: FILLED, cardField: VISA, today: TODAY, zipNotFound: false }))).toEqual([]);
  });
  test('skipping payment resets the card and is no error', () => {
    const skipped = setSkip({ ...EMPTY_PAYMENT, firstName: 'Linda' }, true);
    expect(skipped).toEqual({ ...EMPTY_PAYMENT, skip: true, isDefault: false });
    expect(setSkip(skipped, false).isDefault).toBe(true);
    const linda = member(1003, { missingPaymentInfo: true }, { allowBillMeLater: true });
    expect(registrationErrors({ member: linda, values: { ...FILLED, payment: skipped }, cardField: EMPTY_CARD_FIELD, today: TODAY, zipNotFound: false }).payment).toEqual({});
    expect(partCalls(linda, skipped)).toEqual([]);
  });
  test('a notification choice is checked against the contact on file when contact is not asked', () => {
    const carlos = member(1006, { missingHealthInfo: true, missingNotificationPrefs: true }, { address: { state: 'CA' }, phone: { areaCode: '415', phoneNumber: '5550100', phoneType: 1, isPrimary: true }, email: 'c@example.com' }, true);
    const check = (choice: 'none' | 'text' | 'call') => registrationErrors({ member: carlos, values: { ...FILLED, notification: { choice, timeZone: 'P' } }, cardField: EMPTY_CARD_FIELD, today: TODAY, zipNotFound: false }).notification;
    expect(check('none').choice).toMatch(/required/);
    expect(check('text').choice).toBe('Needs a valid Mobile phone number.');
    expect(check('call')).toEqual({});
  });
  test('the register payload: one address, one phone, the token for the card, U for an unknown gender', () => {
    const body = registerPayload(member(null), FILLED, { pciToken: 'tok_1', cardTypeNum: 1 });
    expect(body).toMatchObject({
      gender: 'U',
      birthDate: '1971-09-30',
      email: 'james@example.com',
      addresses: [{ defaultShipping: true, defaultBilling: true, addressType: { addressTypeId: 1, addressTypeDesc: 'HOME' }, zipCode: '85001', startDate: null }],
      phones: [{ areaCode: '602', phoneNumber: '5550123', phoneType: 8 }],
      paymentCard: { cardFirstName: 'James', cardTypeNum: 1, cardTypeDesc: 'Visa', cardMonthNum: 8, cardYear: 2030, pciToken: 'tok_1', defaultCard: true },
      allergies: [{ allergyRefNum: '00153' }],
      conditions: [{ diseaseRefNum: 12, patientId: null }],
      notification: { modalityTypeId: 2, optIn: true, timeZone: 'M' },
    });
    expect(JSON.stringify(body)).not.toMatch(/4111/);
    expect(registerPayload(member(null), { ...FILLED, payment: setSkip(FILLED.payment, true) }, null).paymentCard).toBeNull();
  });
  test('a registered patient: the missing parts call by call, a chosen card type over the detected one', () => {
    const m = member(1003, { missingShippingAddress: true, missingContactPhoneNumber: true, missingPaymentInfo: true, missingHealthInfo: true, missingNotificationPrefs: true });
    expect(partCalls(m, FILLED.payment)).toEqual(['address', 'phone', 'email', 'allergies', 'conditions', 'payment', 'notification']);
    const bodies = partBodies(m, { ...FILLED, payment: { ...FILLED.payment, cardType: 6 } }, { pciToken: 'tok_2', cardTypeNum: 1 });
    expect(bodies.payment()).toEqual({ defaultCard: true, cardFirstName: 'James', cardLastName: 'Carter', cardTypeNum: 6, cardMonthNum: 8, cardYear: 2030, pciToken: 'tok_2', isFsaCard: false });
    expect(bodies.address()).toMatchObject({ isDefaultShipping: true, isDefaultBilling: true, addressType: 1, addressLine1: '12 Elm St' });
    expect(bodies.conditions()[0]).toMatchObject({ patientId: 1003 });
    expect(failureLines([{ call: 'address', ok: true }, { call: 'phone', ok: false, message: 'Phone refused.' }])).toEqual(['Phone: Phone refused.']);
  });
});

describe('the card type shown', () => {
  test('the pick, else the number, else the held card once the field has emptied itself', () => {
    const v = { ...EMPTY_PAYMENT };
    expect(shownCardType(v, cardFieldState('4111111111111111'), null)).toBe(1);
    expect(shownCardType(v, EMPTY_CARD_FIELD, { cardTypeNum: 2 })).toBe(2);
    expect(shownCardType({ ...v, cardType: 3 }, EMPTY_CARD_FIELD, { cardTypeNum: 2 })).toBe(3);
    expect(shownCardType(v, EMPTY_CARD_FIELD, null)).toBeNull();
  });
});
