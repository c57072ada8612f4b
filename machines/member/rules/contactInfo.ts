/**
 * The registration page's "Shipping and Contact Info" section
 * (member-transfer-flow.md sections 3 and 5, "Shipping and contact"): the
 * shipping address (types and their ids, Temporary dates, city and state from
 * the zip lookup, the billing box), the primary phone (pattern, types 1, 4
 * and 8) and the email; their errors and the pieces of the calls that carry
 * them (the register payload's addresses and phones, AddressSave, PhoneSave,
 * EmailUpdate).
 */
import type { AddressSave } from '../../contract.ts';
import { ADDRESS_LIMITS, ADDRESS_MESSAGES, ADDRESS_TYPES, dateErrors, parseUsDate } from '../../shared/rules/addressForm.ts';

/** The types offered (section 3): Select, Home, Work shown as Primary Office, School, Vacation, Temporary, Alternate; the review's address form offers the same. */
export const SHIPPING_TYPES = ADDRESS_TYPES.map(({ id, label, desc }) => ({ id, label, desc }));
export type ShippingTypeId = (typeof SHIPPING_TYPES)[number]['id'];
const TEMPORARY: ShippingTypeId = 5;

/** The phone types offered (section 3: only 1, 4 and 8), with the register payload's names. */
export const PHONE_TYPES = [
  { id: 1, label: 'Home', desc: 'Home Phone' },
  { id: 4, label: 'Work', desc: 'Work Phone' },
  { id: 8, label: 'Mobile', desc: 'Cellular Number' },
] as const;
export type PhoneTypeId = (typeof PHONE_TYPES)[number]['id'];
/** Text notifications need this type (section 9). */
export const MOBILE: PhoneTypeId = 8;

export const CONTACT_LIMITS = { line: ADDRESS_LIMITS.line, zip: ADDRESS_LIMITS.zip, phoneDigits: 10, email: 50 } as const;

/**
 * Messages. From the specification (section 5, "Shipping and contact"): all but
 * the ones marked ours. The Temporary dates' rules and the zip's are the
 * address modal's (rules/addressForm.ts).
 */
export const CONTACT_MESSAGES = {
  typeRequired: 'Select address type',
  lineRequired: 'Enter Shipping Address',
  zipRequired: 'Enter Zip Code',
  cityStateZip: ADDRESS_MESSAGES.cityStateZip,
  invalidAddress: 'INVALID ADDRESS: Address Not Found.',
  billing: 'This is also my Billing Address',
  phoneRequired: 'Enter Phone Number',
  phoneShort: 'Phone number must be at least 10 characters',
  phoneTypeRequired: 'Select Phone Type',
  emailRequired: 'Enter Email',
  emailInvalid: 'invalid email address',
  // ours
  lineTooLong: ADDRESS_MESSAGES.lineTooLong,
  lineCharacters: ADDRESS_MESSAGES.lineCharacters,
  zipNotFound: ADDRESS_MESSAGES.zipNotFound,
  phoneDigits: 'Use digits only, with the area code (for example 602-555-0123).',
  emailTooLong: `Use ${CONTACT_LIMITS.email} characters or fewer.`,
} as const;

export interface ShippingValues {
  addressType: ShippingTypeId | null;
  line1: string;
  line2: string;
  zip: string;
  /** City and state come from the zip lookup (read-only on the page). */
  city: string;
  state: string;
  /** MM/DD/YYYY, Temporary only. */
  startDate: string;
  endDate: string;
  /** 'This is also my Billing Address' (default true, section 3). */
  billing: boolean;
}

export interface ContactValues {
  phone: string;
  phoneType: PhoneTypeId | null;
  email: string;
}

export const EMPTY_SHIPPING: ShippingValues = { addressType: null, line1: '', line2: '', zip: '', city: '', state: '', startDate: '', endDate: '', billing: true };
export const EMPTY_CONTACT: ContactValues = { phone: '', phoneType: null, email: '' };

export const SHIPPING_FIELDS = ['addressType', 'line1', 'line2', 'zip', 'startDate', 'endDate'] as const;
export const CONTACT_FIELDS = ['phone', 'phoneType', 'email'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * The 10 digits of a phone as typed, or null: an optional leading 1, the area
 * code optionally in brackets, spaces, dots and dashes between (section 5).
 */
export function phoneDigits(text: string): string | null {
  const m = /^\s*(?:\+?1[\s.-]?)?(?:\((\d{3})\)|(\d{3}))[\s.-]?(\d{3})[\s.-]?(\d{4})\s*$/.exec(text);
  return m ? `${m[1] ?? m[2]}${m[3]}${m[4]}` : null;
}

/** A phone of 10 digits as the page shows it: 602-555-0123. */
export function formatPhone(digits: string): string {
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function emailError(text: string): string | undefined {
  const email = text.trim();
  if (!email) return CONTACT_MESSAGES.emailRequired;
  if (email.length > CONTACT_LIMITS.email) return CONTACT_MESSAGES.emailTooLong;
  return EMAIL.test(email) ? undefined : CONTACT_MESSAGES.emailInvalid;
}

export function phoneError(text: string): string | undefined {
  if (!text.trim()) return CONTACT_MESSAGES.phoneRequired;
  if (phoneDigits(text)) return undefined;
  if (/[^\d\s().+-]/.test(text)) return CONTACT_MESSAGES.phoneDigits;
  return CONTACT_MESSAGES.phoneShort;
}

function lineError(text: string, required?: string): string | undefined {
  if (!text.trim()) return required;
  if (text.length > CONTACT_LIMITS.line) return CONTACT_MESSAGES.lineTooLong;
  if (/[<>]/.test(text)) return CONTACT_MESSAGES.lineCharacters;
  return undefined;
}

/** Every error of the shipping address, shown or not (today: YYYY-MM-DD). `zipNotFound`: the lookup found no place. */
export function shippingErrors(v: ShippingValues, today: string, zipNotFound: boolean): Partial<Record<ShippingField, string>> {
  const errors: Partial<Record<ShippingField, string>> = {};
  if (v.addressType === null) errors.addressType = CONTACT_MESSAGES.typeRequired;
  else if (v.addressType === TEMPORARY) Object.assign(errors, dateErrors(v.startDate, v.endDate, today));
  const line1 = lineError(v.line1, CONTACT_MESSAGES.lineRequired);
  if (line1) errors.line1 = line1;
  const line2 = lineError(v.line2);
  if (line2) errors.line2 = line2;
  if (!v.zip) errors.zip = CONTACT_MESSAGES.zipRequired;
  else if (zipNotFound) errors.zip = CONTACT_MESSAGES.zipNotFound;
  else if (v.zip.length < CONTACT_LIMITS.zip || !v.city || !v.state) errors.zip = CONTACT_MESSAGES.cityStateZip;
  return errors;
}

export function contactErrors(v: ContactValues): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  const phone = phoneError(v.phone);
  if (phone) errors.phone = phone;
  if (v.phoneType === null) errors.phoneType = CONTACT_MESSAGES.phoneTypeRequired;
  const email = emailError(v.email);
  if (email) errors.email = email;
  return errors;
}

/** The address check runs once the zip has 5 characters and every field is given (section 4, step 3). */
export function addressCheckable(v: ShippingValues): boolean {
  return v.zip.length >= CONTACT_LIMITS.zip && Boolean(v.line1.trim() && v.city && v.state);
}

/** What POST /mmar/addresses/validateaddress checks. */
export function addressToValidate(v: ShippingValues) {
  return { address1: v.line1.trim(), address2: v.line2.trim() || null, zipCode: v.zip, city: v.city, state: v.state };
}

const typeOf = (id: ShippingTypeId | null) => SHIPPING_TYPES.find((t) => t.id === id) ?? SHIPPING_TYPES[0]!;
const datesOf = (v: ShippingValues) =>
  v.addressType === TEMPORARY ? { startDate: parseUsDate(v.startDate), endDate: parseUsDate(v.endDate) } : { startDate: null, endDate: null };

/** The register payload's address: the one shipping address, also the billing one when the box is ticked. */
export function registerAddress(v: ShippingValues) {
  const type = typeOf(v.addressType);
  return {
    defaultShipping: true,
    defaultBilling: v.billing,
    addressType: { addressTypeId: type.id, addressTypeDesc: type.desc },
    address1: v.line1.trim(),
    address2: v.line2.trim() || null,
    city: v.city,
    state: v.state,
    zipCode: v.zip,
    ...datesOf(v),
  };
}

/** A registered patient's missing address: POST /mmar/Addresses, as the default shipping address. */
export function addressSave(v: ShippingValues): AddressSave {
  return {
    isDefaultShipping: true,
    isDefaultBilling: v.billing,
    addressType: typeOf(v.addressType).id,
    addressLine1: v.line1.trim(),
    addressLine2: v.line2.trim() || null,
    city: v.city,
    state: v.state,
    zip: v.zip,
    ...datesOf(v),
  };
}

/** The register payload's phone: the primary one, split as area code and number. */
export function registerPhone(v: ContactValues) {
  const digits = phoneDigits(v.phone) ?? '';
  const type = PHONE_TYPES.find((t) => t.id === v.phoneType) ?? PHONE_TYPES[0];
  return { phoneType: type.id, phoneTypeDesc: type.desc, areaCode: digits.slice(0, 3), phoneNumber: digits.slice(3), extension: null, isPrimary: true };
}

/** A phone on file, as GET /mmar/patient/phones lists it (the part this page needs). */
export interface PhoneOnFile {
  phoneId: number;
  isPrimary: boolean;
}

/**
 * A registered patient's missing phone (section 4, step 5): PUT over the
 * primary phone on file when there is one (or the first), else POST.
 */
export function phoneSave(v: ContactValues, onFile: readonly PhoneOnFile[]) {
  const existing = onFile.find((p) => p.isPrimary) ?? onFile[0];
  const body = { phoneType: registerPhone(v).phoneType, number: phoneDigits(v.phone) ?? '', extension: null, isPrimary: true };
  return existing ? ({ method: 'PUT', body: { ...body, phoneId: existing.phoneId } } as const) : ({ method: 'POST', body } as const);
}
