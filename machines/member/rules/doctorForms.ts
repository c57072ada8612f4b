/**
 * The doctor chooser's rules (member-transfer-flow.md sections 2 "Doctor
 * selection", 3 "Physician", 4, 5 "Doctor forms", 8): the two forms, Find
 * Your Doctor (first name, last name, state) and Add Your Doctor (names,
 * street, unit, city, state, zip, phone, fax), one function per field giving
 * its message or null; the doctor-addresses a list shows (one per address,
 * never twice); the chosen one as a request sends it (PhysicianInformation).
 */
import type { Physician, PhysicianInformation } from '../../contract.ts';
import { stateByAbbreviation } from '../../shared/rules/usStates.ts';

export type { Physician, PhysicianInformation };

/** Section 9's limits: names 50 (at least 2), address and unit 50, city 50, zip 5, state 2, phone and fax 10 digits. */
export const DOCTOR_LIMITS = { name: 50, nameMin: 2, street: 50, city: 50, zip: 5, state: 2, phoneDigits: 10 } as const;

/**
 * Messages. From the specification: section 8 noDoctors, section 2 added and
 * betterMatch, section 5 every field text but the three marked ours (the
 * documents give a zip 'digits only, max 5' and a fax 'formatted, max 12',
 * not what a short one says; the contract refuses < and > in address lines,
 * and the pharmacy section words that the same way).
 */
export const DOCTOR_MESSAGES = {
  noDoctors: 'No doctors found.',
  added: 'Your doctor has been added.',
  betterMatch: 'We may have found a better match! Select an option below or click Continue.',
  firstNameRequired: 'Enter First Name',
  lastNameRequired: 'Enter Last Name',
  firstNameShort: 'First Name must be at least 2 characters',
  lastNameShort: 'Last Name must be at least 2 characters',
  special: 'special characters not allowed',
  whitespace: 'Empty Whitespaces are not allowed',
  state: 'Enter State',
  stateWrong: 'Enter correct State',
  street: 'Enter Street Address',
  city: 'Enter City Name',
  zip: 'Enter Zip Code',
  phone: 'Enter Phone Number',
  phoneShort: 'Phone number must be at least 10 characters',
  // ours
  /** Find Your Doctor's status while its search runs (the documents give no words). */
  searching: 'Searching…',
  /** Add Your Doctor's status while the better-match search runs (ours too). */
  matching: 'Looking for a better match…',
  zipShort: 'Enter a 5-digit Zip Code',
  faxShort: 'Fax number must be at least 10 characters',
  lineCharacters: 'Do not use < or > here.',
} as const;

export type FindField = 'firstName' | 'lastName' | 'state';
export type AddField = FindField | 'street' | 'unit' | 'city' | 'zip' | 'phone' | 'fax';
export type FindForm = Record<FindField, string>;
export type AddForm = Record<AddField, string>;
export type FieldErrors<F extends string> = Record<F, string | null>;

/** The fields in screen order (the first with an error takes the focus after a refused Search or Continue). */
export const FIND_FIELDS: readonly FindField[] = ['firstName', 'lastName', 'state'];
export const ADD_FIELDS: readonly AddField[] = ['firstName', 'lastName', 'street', 'unit', 'city', 'state', 'zip', 'phone', 'fax'];
/** What Add Your Doctor's Continue waits for (section 5: every field filled, the state 2 characters). */
const ADD_REQUIRED: readonly AddField[] = ['firstName', 'lastName', 'street', 'city', 'state', 'zip', 'phone'];

export const EMPTY_FIND: FindForm = { firstName: '', lastName: '', state: '' };
export const EMPTY_ADD: AddForm = { firstName: '', lastName: '', street: '', unit: '', city: '', state: '', zip: '', phone: '', fax: '' };

const NAME = /^[A-Za-z0-9 -]+$/;
const UNSAFE = /[<>]/;
const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A phone or fax as typed or pasted: its 10 digits (a leading country code 1 dropped), or what there is of them. */
export function phoneDigits(text: string): string {
  const d = digitsOf(text);
  return (d.length > DOCTOR_LIMITS.phoneDigits && d.startsWith('1') ? d.slice(1) : d).slice(0, DOCTOR_LIMITS.phoneDigits);
}

/** 10 digits as shown: '(480) 555-0110' (14 characters with the brackets); fewer as far as they go. */
export function formatPhone(digits: string): string {
  const d = phoneDigits(digits);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * A typed value as the form keeps it, within its limit: names and lines as
 * typed (whitespace kept, so that a blank one can be told apart); zip, phone
 * and fax digits only; the state its letters, upper case, at most 2 (picking
 * 'AZ - Arizona' from the list keeps 'AZ').
 */
export function cleanDoctorField(field: AddField, text: string): string {
  switch (field) {
    case 'firstName':
    case 'lastName':
      return text.slice(0, DOCTOR_LIMITS.name);
    case 'street':
    case 'unit':
      return text.slice(0, DOCTOR_LIMITS.street);
    case 'city':
      return text.slice(0, DOCTOR_LIMITS.city);
    case 'state':
      return text.replace(/[^A-Za-z]/g, '').slice(0, DOCTOR_LIMITS.state).toUpperCase();
    case 'zip':
      return digitsOf(text).slice(0, DOCTOR_LIMITS.zip);
    case 'phone':
    case 'fax':
      return phoneDigits(text);
  }
}

function nameError(text: string, which: 'first' | 'last', refuseBlank: boolean): string | null {
  const required = which === 'first' ? DOCTOR_MESSAGES.firstNameRequired : DOCTOR_MESSAGES.lastNameRequired;
  if (text === '') return required;
  const name = text.trim();
  // Section 5: Find refuses a blank name with its own text; Add asks for the name.
  if (name === '') return refuseBlank ? DOCTOR_MESSAGES.whitespace : required;
  if (!NAME.test(name)) return DOCTOR_MESSAGES.special;
  if (name.length < DOCTOR_LIMITS.nameMin) return which === 'first' ? DOCTOR_MESSAGES.firstNameShort : DOCTOR_MESSAGES.lastNameShort;
  return null;
}

/** First name: required, at least 2, letters, digits, hyphen and space; in Find, not blank. */
export function firstNameError(text: string, form: 'find' | 'add'): string | null {
  return nameError(text, 'first', form === 'find');
}

/** Last name: as the first name. */
export function lastNameError(text: string, form: 'find' | 'add'): string | null {
  return nameError(text, 'last', form === 'find');
}

/** State: 'Enter State' when empty; one letter, or two that are no state or territory on the list, 'Enter correct State'. */
export function stateError(text: string): string | null {
  if (text.trim() === '') return DOCTOR_MESSAGES.state;
  return stateByAbbreviation(text) ? null : DOCTOR_MESSAGES.stateWrong;
}

const lineError = (text: string, required: string | null): string | null => {
  if (text.trim() === '') return required;
  return UNSAFE.test(text) ? DOCTOR_MESSAGES.lineCharacters : null;
};

/** Street address: required. */
export function streetError(text: string): string | null {
  return lineError(text, DOCTOR_MESSAGES.street);
}

/** Unit: optional. */
export function unitError(text: string): string | null {
  return lineError(text, null);
}

/** City: required. */
export function cityError(text: string): string | null {
  return lineError(text, DOCTOR_MESSAGES.city);
}

/** Zip code: required, 5 digits. */
export function zipError(text: string): string | null {
  const zip = digitsOf(text);
  if (zip === '') return DOCTOR_MESSAGES.zip;
  return zip.length === DOCTOR_LIMITS.zip ? null : DOCTOR_MESSAGES.zipShort;
}

/** Phone number: required, 10 digits. */
export function phoneError(text: string): string | null {
  const phone = phoneDigits(text);
  if (phone === '') return DOCTOR_MESSAGES.phone;
  return phone.length === DOCTOR_LIMITS.phoneDigits ? null : DOCTOR_MESSAGES.phoneShort;
}

/** Fax number: optional, 10 digits when given. */
export function faxError(text: string): string | null {
  const fax = phoneDigits(text);
  return fax === '' || fax.length === DOCTOR_LIMITS.phoneDigits ? null : DOCTOR_MESSAGES.faxShort;
}

/** Every Find field's error, shown or not. */
export function findErrors(form: FindForm): FieldErrors<FindField> {
  return { firstName: firstNameError(form.firstName, 'find'), lastName: lastNameError(form.lastName, 'find'), state: stateError(form.state) };
}

/** Every Add field's error, shown or not. */
export function addErrors(form: AddForm): FieldErrors<AddField> {
  return {
    firstName: firstNameError(form.firstName, 'add'),
    lastName: lastNameError(form.lastName, 'add'),
    street: streetError(form.street),
    unit: unitError(form.unit),
    city: cityError(form.city),
    state: stateError(form.state),
    zip: zipError(form.zip),
    phone: phoneError(form.phone),
    fax: faxError(form.fax),
  };
}

export const noErrors = (errors: Record<string, string | null>): boolean => Object.values(errors).every((e) => e === null);

/** Add Your Doctor's fields as their labels name them. */
export const ADD_LABELS: Record<AddField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  street: 'Street Address',
  unit: 'Unit',
  city: 'City',
  state: 'State',
  zip: 'Zip Code',
  phone: 'Phone Number',
  fax: 'Fax Number',
};

/** What Add Your Doctor's Continue still waits for, in screen order: the required fields not filled, the state until it has its 2 letters. */
export function addMissing(form: AddForm): AddField[] {
  return ADD_FIELDS.filter((f) => ADD_REQUIRED.includes(f) && (form[f].trim() === '' || (f === 'state' && form.state.length !== DOCTOR_LIMITS.state)));
}

/** Add Your Doctor's Continue is enabled: every required field filled and the state 2 characters (section 5). */
export function canContinueAdd(form: AddForm): boolean {
  return addMissing(form).length === 0;
}

/**
 * Why Continue cannot be pressed yet (ours, the documents say only that it is enabled once
 * every field is filled): 'Fill in Street Address, City and Phone Number to continue.'; null once it can.
 */
export function addNotYet(form: AddForm): string | null {
  const names = addMissing(form).map((f) => (f === 'state' && form.state !== '' ? 'State (2 letters)' : ADD_LABELS[f]));
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Fill in ${list} to continue.`;
}

/** What a search sends: the names trimmed (the contract's SearchName starts with a letter or digit) and the state. */
export function searchOf(form: Pick<FindForm, FindField>): FindForm {
  return { firstName: form.firstName.trim(), lastName: form.lastName.trim(), state: form.state };
}

/**
 * The doctor-addresses of an answer, as a list shows them: one entry per
 * address, each with its addressId (the list's own, else the address's ePost
 * or service id), never the same addressId twice. An entry with no id at all
 * cannot be chosen and is left out.
 */
export function doctorAddresses(physicians: readonly Physician[]): Physician[] {
  const entries = physicians.flatMap((p): Physician[] => {
    const idOf = (a: Physician['addresses'][number]) => a.ePostAddressId ?? a.physicianServiceAddressId ?? null;
    if (p.addresses.length <= 1) return [{ ...p, addressId: p.addressId ?? (p.addresses[0] ? idOf(p.addresses[0]) : null) }];
    if (p.addressId != null) {
      const chosen = p.addresses.find((a) => idOf(a) === p.addressId || a.physicianServiceAddressId === p.addressId) ?? p.addresses[0]!;
      return [{ ...p, addresses: [chosen] }];
    }
    return p.addresses.map((a) => ({ ...p, addresses: [a], addressId: idOf(a) }));
  });
  const seen = new Set<number>();
  return entries.filter((e) => {
    if (e.addressId == null || e.addresses.length === 0 || seen.has(e.addressId)) return false;
    seen.add(e.addressId);
    return true;
  });
}

/** The list with this doctor-address added (at the end), unless it is on it already. */
export function withDoctor(list: readonly Physician[], doctor: Physician): Physician[] {
  return list.some((d) => d.addressId === doctor.addressId) ? [...list] : [...list, doctor];
}

/** Ids of the gateway's are positive; a doctor entered by hand has one of this page only (negative). */
const gatewayId = (id: number | null | undefined) => (id != null && id > 0 ? id : null);
const tenDigits = (n: string | null | undefined) => (n && /^\d{10}$/.test(n) ? n : null);

/**
 * The doctor-address as a request sends it: the one address chosen, phone and
 * fax as 10 digits, the list's ids only when they are the gateway's. A listed
 * doctor with no usable phone is sent with ten zeros: the contract requires
 * one, and the gateway's lists always carry it.
 */
export function physicianInformation(doctor: Physician): PhysicianInformation {
  const a = doctor.addresses[0]!;
  return {
    npi: doctor.npi ?? null,
    deaNo: doctor.deaNo ?? null,
    ePostDoctoNum: doctor.ePostDoctoNum ?? null,
    firstName: doctor.firstName.trim(),
    middleName: doctor.middleName?.trim() || null,
    lastName: doctor.lastName.trim(),
    addresses: [
      {
        ePostAddressId: gatewayId(a.ePostAddressId),
        physicianServiceAddressId: gatewayId(a.physicianServiceAddressId),
        streetAddress1: (a.streetAddress1 ?? '').trim(),
        streetAddress2: a.streetAddress2?.trim() || null,
        city: (a.city ?? '').trim(),
        state: a.state ?? '',
        zipCode: a.zipCode ?? '',
        phoneNumber: tenDigits(a.phoneNumber) ?? '0000000000',
        faxNumber: tenDigits(a.faxNumber),
      },
    ],
    addressId: gatewayId(doctor.addressId),
    selected: true,
    selectAddressId: gatewayId(doctor.addressId),
  };
}

/**
 * A doctor entered by hand, as the list shows it: no NPI, DEA or ePost number
 * (section 3, the contract: null for a manually added doctor), and an address
 * id of this page (negative, from a counter: never one of the gateway's) so
 * that it can be chosen like the others. Call it on a valid form.
 */
export function enteredDoctor(form: AddForm, addressId: number): Physician {
  return {
    npi: null,
    deaNo: null,
    ePostDoctoNum: null,
    firstName: form.firstName.trim(),
    middleName: null,
    lastName: form.lastName.trim(),
    addresses: [
      {
        ePostAddressId: null,
        physicianServiceAddressId: null,
        streetAddress1: form.street.trim(),
        streetAddress2: form.unit.trim() || null,
        city: form.city.trim(),
        state: stateByAbbreviation(form.state)?.abbreviation ?? form.state,
        zipCode: form.zip,
        phoneNumber: phoneDigits(form.phone),
        faxNumber: phoneDigits(form.fax) || null,
      },
    ],
    addressId,
    selected: false,
    selectAddressId: null,
  };
}

/** A name as shown: one in capitals (as the gateway's lists give them) in title case, any other as written. */
function shownName(name: string): string {
  const n = name.trim();
  return n === n.toUpperCase() ? n.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase()) : n;
}

/** 'Dr. Elena Marsh' */
export function doctorName(doctor: Pick<Physician, 'firstName' | 'middleName' | 'lastName'>): string {
  return `Dr. ${[doctor.firstName, doctor.middleName, doctor.lastName].filter((n) => n && n.trim()).map((n) => shownName(n!)).join(' ')}`;
}

/** '2250 E Southern Ave, Suite 4, Tempe, AZ 85282' */
export function doctorAddress(doctor: Physician): string {
  const a = doctor.addresses[0];
  if (!a) return '';
  return `${[a.streetAddress1, a.streetAddress2, a.city].filter((s) => s && s.trim()).join(', ')}, ${a.state} ${a.zipCode}`;
}

/** '(480) 555-0110', or null without a phone. */
export function doctorPhone(doctor: Physician): string | null {
  const phone = tenDigits(doctor.addresses[0]?.phoneNumber);
  return phone ? formatPhone(phone) : null;
}

/** The doctor as one line (a checkbox's and a Select button's name): 'Dr. Elena Marsh, 2250 E Southern Ave, Tempe, AZ 85282'. */
export function doctorLabel(doctor: Physician): string {
  const where = doctorAddress(doctor);
  return where ? `${doctorName(doctor)}, ${where}` : doctorName(doctor);
}
