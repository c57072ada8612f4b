/**
 * The doctor forms (member-transfer-flow.md section 5 "Doctor forms"): Find
 * Your Doctor (first name, last name, state) and Add Your Doctor (names,
 * street, unit, city, state, zip, phone, fax), one function per field giving
 * its message or null; the doctor as a request sends it (PhysicianInformation).
 */
import type { Physician, PhysicianInformation } from '../../contract.ts';
import { stateByAbbreviation } from '../../rules/usStates.ts';

export const DOCTOR_LIMITS = { name: 50, nameMin: 2, street: 50, city: 50, zip: 5, phoneDigits: 10 } as const;

export const DOCTOR_MESSAGES = {
  noDoctors: 'No doctors found.',
  added: 'Your doctor has been added.',
  betterMatch: 'We may have found a better match! Select an option below or click Continue.',
  whitespace: 'Empty Whitespaces are not allowed',
  special: 'special characters not allowed',
  state: 'Enter State',
  stateWrong: 'Enter correct State',
  street: 'Enter Street Address',
  city: 'Enter City Name',
  zip: 'Enter Zip Code',
  phone: 'Enter Phone Number',
  phoneShort: 'Phone number must be at least 10 characters',
} as const;

export type FindField = 'firstName' | 'lastName' | 'state';
export type AddField = FindField | 'street' | 'unit' | 'city' | 'zip' | 'phone' | 'fax';
export type FindForm = Record<FindField, string>;
export type AddForm = Record<AddField, string>;

export const EMPTY_FIND: FindForm = { firstName: '', lastName: '', state: '' };
export const EMPTY_ADD: AddForm = { firstName: '', lastName: '', state: '', street: '', unit: '', city: '', zip: '', phone: '', fax: '' };

const LABEL = { firstName: 'First Name', lastName: 'Last Name' } as const;
const digits = (text: string) => text.replace(/\D/g, '');

/** A typed value as the form keeps it: limits applied, digits only where only digits count. */
export function cleanDoctorField(field: AddField, text: string): string {
  if (field === 'zip') return digits(text).slice(0, DOCTOR_LIMITS.zip);
  if (field === 'phone' || field === 'fax') return digits(text).slice(0, DOCTOR_LIMITS.phoneDigits);
  if (field === 'state') return text.trim().toUpperCase().slice(0, 2);
  return text.slice(0, field === 'city' ? DOCTOR_LIMITS.city : field === 'street' || field === 'unit' ? DOCTOR_LIMITS.street : DOCTOR_LIMITS.name);
}

/** First or last name: required, 2 or more, letters, digits, hyphen and space; Find also refuses whitespace only. */
export function doctorNameError(field: 'firstName' | 'lastName', text: string, refuseWhitespace: boolean): string | null {
  if (refuseWhitespace && text.length > 0 && text.trim() === '') return DOCTOR_MESSAGES.whitespace;
  const t = text.trim();
  if (!t) return `Enter ${LABEL[field]}`;
  if (!/^[A-Za-z0-9 -]+$/.test(t)) return DOCTOR_MESSAGES.special;
  return t.length < DOCTOR_LIMITS.nameMin ? `${LABEL[field]} must be at least 2 characters` : null;
}

/** State: empty 'Enter State', one character or one not on the list 'Enter correct State'. */
export function doctorStateError(text: string): string | null {
  if (!text) return DOCTOR_MESSAGES.state;
  return stateByAbbreviation(text) ? null : DOCTOR_MESSAGES.stateWrong;
}

export function findErrors(form: FindForm): Record<FindField, string | null> {
  return {
    firstName: doctorNameError('firstName', form.firstName, true),
    lastName: doctorNameError('lastName', form.lastName, true),
    state: doctorStateError(form.state),
  };
}

export function addErrors(form: AddForm): Record<AddField, string | null> {
  const phone = digits(form.phone);
  const fax = digits(form.fax);
  return {
    firstName: doctorNameError('firstName', form.firstName, false),
    lastName: doctorNameError('lastName', form.lastName, false),
    state: doctorStateError(form.state),
    street: form.street.trim() ? null : DOCTOR_MESSAGES.street,
    unit: null,
    city: form.city.trim() ? null : DOCTOR_MESSAGES.city,
    zip: form.zip.length === DOCTOR_LIMITS.zip ? null : DOCTOR_MESSAGES.zip,
    phone: !phone ? DOCTOR_MESSAGES.phone : phone.length < DOCTOR_LIMITS.phoneDigits ? DOCTOR_MESSAGES.phoneShort : null,
    fax: fax && fax.length < DOCTOR_LIMITS.phoneDigits ? DOCTOR_MESSAGES.phoneShort : null,
  };
}

export const noErrors = (errors: Record<string, string | null>) => Object.values(errors).every((e) => e === null);

/** Add Your Doctor's Continue: every required field filled and the state 2 characters. */
export function canContinueAdd(form: AddForm): boolean {
  return (['firstName', 'lastName', 'street', 'city', 'zip', 'phone'] as const).every((f) => form[f].trim() !== '') && form.state.length === 2;
}

const gatewayId = (id: number | null | undefined) => (id && id > 0 ? id : null);

/** The doctor-address as a request sends it: the one address chosen. */
export function physicianInformation(doctor: Physician): PhysicianInformation {
  const a = doctor.addresses[0]!;
  const ten = (n: string | null | undefined) => (n && /^\d{10}$/.test(n) ? n : null);
  return {
    npi: doctor.npi ?? null,
    deaNo: doctor.deaNo ?? null,
    ePostDoctoNum: doctor.ePostDoctoNum ?? null,
    firstName: doctor.firstName,
    middleName: doctor.middleName ?? null,
    lastName: doctor.lastName,
    addresses: [
      {
        ePostAddressId: a.ePostAddressId ?? null,
        physicianServiceAddressId: a.physicianServiceAddressId ?? null,
        streetAddress1: a.streetAddress1 ?? '',
        streetAddress2: a.streetAddress2 || null,
        city: a.city ?? '',
        state: a.state ?? '',
        zipCode: a.zipCode ?? '',
        phoneNumber: ten(a.phoneNumber) ?? '0000000000',
        faxNumber: ten(a.faxNumber),
      },
    ],
    // A doctor entered by hand has an id of this page only (negative): the gateway gets none.
    addressId: gatewayId(doctor.addressId),
    selected: true,
    selectAddressId: gatewayId(doctor.addressId),
  };
}

/**
 * A doctor entered by hand, as the list shows it: no NPI, DEA or ePost
 * number, and an address id of its own (negative, from a counter: never one
 * of the gateway's) so that it can be chosen like the others.
 */
export function enteredDoctor(form: AddForm, addressId: number): Physician {
  return {
    npi: null,
    deaNo: null,
    ePostDoctoNum: null,
    firstName: form.firstName.trim().toUpperCase(),
    middleName: null,
    lastName: form.lastName.trim().toUpperCase(),
    addresses: [
      {
        ePostAddressId: null,
        physicianServiceAddressId: null,
        streetAddress1: form.street.trim(),
        streetAddress2: form.unit.trim() || null,
        city: form.city.trim(),
        state: form.state,
        zipCode: form.zip,
        phoneNumber: digits(form.phone),
        faxNumber: digits(form.fax) || null,
      },
    ],
    addressId,
    selected: false,
    selectAddressId: null,
  };
}

/** The doctor as a line: 'Dr. Elena Marsh, 2250 E Southern Ave, Tempe, AZ 85282'. */
export function doctorLabel(doctor: Physician): string {
  const a = doctor.addresses[0];
  const name = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  const where = a ? `, ${[a.streetAddress1, a.streetAddress2].filter(Boolean).join(' ')}, ${a.city}, ${a.state} ${a.zipCode}` : '';
  return `Dr. ${name(doctor.firstName)} ${name(doctor.lastName)}${where}`;
}
