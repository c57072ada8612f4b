/**
 * The pharmacy section of the Add Prescription modal, for an active
 * prescription being transferred (member-transfer-flow.md sections 2, 3 and
 * 5): name, zip, address, city, state and phone, what each accepts, their
 * errors and the Pharmacy record the contract takes (openapi/gateway.yaml
 * Pharmacy: only pharmacyName is required; phone as 10 digits; unknown
 * optional fields omitted).
 *
 * Only the name is required here too, as in the contract: a member moving a
 * prescription may know the pharmacy's name and little else. What is given
 * must be right (a 5-digit zip, a state from the list, a 10-digit phone).
 */
import type { Pharmacy } from '../../contract.ts';
import { stateByAbbreviation, US_STATES, type UsState } from '../../shared/rules/usStates.ts';

export type { Pharmacy };

export const PHARMACY_FIELDS = ['name', 'zip', 'address', 'city', 'state', 'phone'] as const;
export type PharmacyField = (typeof PHARMACY_FIELDS)[number];
export type PharmacyValues = Record<PharmacyField, string>;
export type PharmacyErrors = Partial<Record<PharmacyField, string>>;

export const EMPTY_PHARMACY: PharmacyValues = { name: '', zip: '', address: '', city: '', state: '', phone: '' };

/** Section 9's limits; the phone is 10 digits (14 characters once formatted as (480) 555-0199). */
export const PHARMACY_LIMITS = { name: 100, nameMin: 2, zip: 5, address: 50, city: 50, state: 2, phoneDigits: 10, phoneFormatted: 14 } as const;

/**
 * Messages. From the specification (section 5): nameRequired, nameTooShort,
 * nameCharacters (pharmacy name), stateInvalid and phoneTooShort (the doctor
 * forms' texts for the same fields). The others are ours.
 */
export const PHARMACY_MESSAGES = {
  nameRequired: 'Enter Pharmacy Name',
  nameTooShort: 'Pharmacy Name must be at least 2 characters',
  nameCharacters: 'special characters not allowed',
  stateInvalid: 'Enter correct State',
  phoneTooShort: 'Phone number must be at least 10 characters',
  // ours
  zipInvalid: 'Enter a 5-digit Zip Code',
  lineCharacters: 'Do not use < or > here.',
} as const;

const NAME = /^[A-Za-z0-9 -]+$/;
const UNSAFE = /[<>]/;

/** A field as the form keeps it: the name without leading spaces, every field within its limit. */
export function cleanPharmacyField(field: PharmacyField, text: string): string {
  switch (field) {
    case 'name':
      return text.replace(/^\s+/, '').slice(0, PHARMACY_LIMITS.name);
    case 'zip':
      return text.replace(/\D/g, '').slice(0, PHARMACY_LIMITS.zip);
    case 'address':
      return text.slice(0, PHARMACY_LIMITS.address);
    case 'city':
      return text.slice(0, PHARMACY_LIMITS.city);
    case 'state':
      // The typeahead's text: a name is typed to find the state, which then keeps its abbreviation.
      return text.replace(/^\s+/, '').slice(0, 40);
    case 'phone':
      return text.slice(0, PHARMACY_LIMITS.phoneFormatted);
  }
}

/** The phone's 10 digits (a leading 1 dropped), or what there is of them. */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length > PHARMACY_LIMITS.phoneDigits && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The pharmacy name's error, or undefined. */
export function pharmacyNameError(name: string): string | undefined {
  const n = name.trim();
  if (!n) return PHARMACY_MESSAGES.nameRequired;
  if (n.length < PHARMACY_LIMITS.nameMin) return PHARMACY_MESSAGES.nameTooShort;
  return NAME.test(n) ? undefined : PHARMACY_MESSAGES.nameCharacters;
}

/** Every field's error, shown or not. Only the name is required. */
export function pharmacyErrors(v: PharmacyValues): PharmacyErrors {
  const errors: PharmacyErrors = {};
  const name = pharmacyNameError(v.name);
  if (name) errors.name = name;
  if (v.zip && !/^\d{5}$/.test(v.zip)) errors.zip = PHARMACY_MESSAGES.zipInvalid;
  if (UNSAFE.test(v.address)) errors.address = PHARMACY_MESSAGES.lineCharacters;
  if (UNSAFE.test(v.city)) errors.city = PHARMACY_MESSAGES.lineCharacters;
  if (v.state.trim() && !stateByAbbreviation(v.state)) errors.state = PHARMACY_MESSAGES.stateInvalid;
  if (v.phone.trim() && phoneDigits(v.phone).length !== PHARMACY_LIMITS.phoneDigits) errors.phone = PHARMACY_MESSAGES.phoneTooShort;
  return errors;
}

/** The states the state typeahead offers for what was typed: by abbreviation first, then by name. */
export function stateOptions(text: string): UsState[] {
  const t = text.trim().toLowerCase();
  if (!t) return [...US_STATES];
  const byAbbreviation = US_STATES.filter((s) => s.abbreviation.toLowerCase().startsWith(t));
  const byName = US_STATES.filter((s) => s.name.toLowerCase().startsWith(t) && !byAbbreviation.includes(s));
  return [...byAbbreviation, ...byName];
}

/** The contract's Pharmacy: the name trimmed, the optional fields only when given. Call it on valid values. */
export function pharmacyRecord(v: PharmacyValues): Pharmacy {
  const address = v.address.trim();
  const city = v.city.trim();
  const state = stateByAbbreviation(v.state);
  const phone = phoneDigits(v.phone);
  return {
    pharmacyName: v.name.trim(),
    ...(v.zip ? { zipCode: v.zip } : {}),
    ...(address ? { pharmacyAddress: address } : {}),
    ...(city ? { pharmacyCity: city } : {}),
    ...(state ? { pharmacyState: state.abbreviation } : {}),
    ...(phone ? { phoneNumber: phone } : {}),
  };
}
